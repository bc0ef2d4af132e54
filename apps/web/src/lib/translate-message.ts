import {
  agencyMessages,
  announcementMessages,
  auditMessages,
  cardFormMessages,
  cardMessages,
  clientMessages,
  dateMessages,
  errorMessages,
  fieldMessages,
  friendMessages,
  groupChatMessages,
  declineMessages,
  deliveryMessages,
  deliveryImageMessages,
  lineAccountMessages,
  memberCardMessages,
  paginationMessages,
  paymentMessages,
  pathParamMessages,
  queryParamMessages,
  richMenuMessages,
  richMenuRuleMessages,
  textMessages,
  serviceMessages,
  shiftMessages,
  tagMessages,
  automationMessages,
  keywordReplyMessages,
  inflowMessages,
  userMessages,
  couponMessages,
  scenarioMessages,
} from '@app/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { clientErrorCodes, isApiError } from './api-client.ts';
import { markErrorShown } from './query-meta.ts';

/** Texts the web app adds for its own client-side rules (kept beside the contract's). */
export const webMessages = {
  passwordMismatch: 'Passwords do not match',
} as const;

/** The delivery texts with no figures in them (the quota refusal is read by features/deliveries). */
const { overQuota: _overQuota, lineRefused: _lineRefused, ...deliveryTexts } = deliveryMessages;

const groups = {
  // First: its texts shared with other groups (nameRequired) take the other group's key.
  shift: shiftMessages,
  field: fieldMessages,
  error: errorMessages,
  pagination: paginationMessages,
  pathParam: pathParamMessages,
  queryParam: queryParamMessages,
  text: textMessages,
  date: dateMessages,
  client: clientMessages,
  user: userMessages,
  agency: agencyMessages,
  announcement: announcementMessages,
  audit: auditMessages,
  lineAccount: lineAccountMessages,
  service: serviceMessages,
  friend: friendMessages,
  payment: paymentMessages,
  decline: declineMessages,
  cardForm: cardFormMessages,
  richMenu: richMenuMessages,
  richMenuRule: richMenuRuleMessages,
  delivery: deliveryTexts,
  card: cardMessages,
  memberCard: memberCardMessages,
  tag: tagMessages,
  automation: automationMessages,
  deliveryImage: deliveryImageMessages,
  coupon: couponMessages,
  keywordReply: keywordReplyMessages,
  inflow: inflowMessages,
  scenario: scenarioMessages,
  groupChat: groupChatMessages,
  web: webMessages,
} as const;

/** English contract text -> i18n key, so the UI can show it in the user's language. */
const keyOfMessage = new Map<string, string>(
  Object.entries(groups).flatMap(([group, messages]) =>
    Object.entries(messages).map(([name, text]) => [text, `messages.${group}.${name}`] as const),
  ),
);

export const messageKey = (message: string): string | undefined => keyOfMessage.get(message);

/** Translate a validation or server text; unknown texts are shown as the server wrote them. */
export function useTranslateMessage(): (message: string | undefined) => string {
  const { t } = useTranslation();
  return (message) => {
    if (!message) return '';
    const key = keyOfMessage.get(message);
    return key ? t(key, { defaultValue: message }) : message;
  };
}

/** The words for a failure: the server's text in the user's language, or the network / unexpected text. */
export function errorText(error: unknown, t: TFunction): string {
  if (isApiError(error) && error.code === clientErrorCodes.network) return t('errors.network');
  const message = error instanceof Error ? error.message : '';
  const key = keyOfMessage.get(message);
  return key ? t(key, { defaultValue: message }) : message || t('errors.unexpected');
}

/**
 * For a component that shows a mutation's failure itself (a dialog, a panel): marks the failure as
 * shown, so no toast repeats it, and gives its words.
 */
export function useShowFailure(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    markErrorShown(error);
    return errorText(error, t);
  };
}
