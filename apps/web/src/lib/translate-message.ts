import {
  agencyMessages,
  announcementMessages,
  auditMessages,
  clientMessages,
  dateMessages,
  errorMessages,
  fieldMessages,
  friendMessages,
  lineAccountMessages,
  paginationMessages,
  pathParamMessages,
  serviceMessages,
  userMessages,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';

/** Texts the web app adds for its own client-side rules (kept beside the contract's). */
export const webMessages = {
  passwordMismatch: 'Passwords do not match',
} as const;

const groups = {
  field: fieldMessages,
  error: errorMessages,
  pagination: paginationMessages,
  pathParam: pathParamMessages,
  date: dateMessages,
  client: clientMessages,
  user: userMessages,
  agency: agencyMessages,
  announcement: announcementMessages,
  audit: auditMessages,
  lineAccount: lineAccountMessages,
  service: serviceMessages,
  friend: friendMessages,
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
