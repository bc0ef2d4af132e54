import type { LineErrorDetail } from '../http/line-errors.ts';

/** Limits LINE enforces that its OpenAPI schemas don't spell out. */
export const maxTextLength = 5000;
export const maxMessagesPerRequest = 5;
export const maxMulticastRecipients = 500;

export const userIdPattern = /^U[0-9a-f]{32}$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isRetryKey = (value: string) => uuidPattern.test(value);

type MessageLike = { type?: unknown; text?: unknown; altText?: unknown };

/** Text (and textV2) length is counted in UTF-16 units, like LINE's server. */
export const checkMessageTexts = (body: unknown): LineErrorDetail[] => {
  const messages = (body as { messages?: MessageLike[] } | undefined)?.messages ?? [];
  const details: LineErrorDetail[] = [];
  messages.forEach((message, index) => {
    if (typeof message.text === 'string' && message.text.length > maxTextLength) {
      details.push({
        message: `Length must be between 0 and ${maxTextLength}`,
        property: `messages[${index}].text`,
      });
    }
    if (typeof message.altText === 'string' && message.altText.length > 1500) {
      details.push({ message: 'Length must be between 0 and 1500', property: `messages[${index}].altText` });
    }
  });
  return details;
};

export const checkRecipients = (body: unknown): LineErrorDetail[] => {
  const to = (body as { to?: unknown[] } | undefined)?.to ?? [];
  return to.flatMap((id, index) =>
    typeof id === 'string' && userIdPattern.test(id)
      ? []
      : [{ message: 'Invalid user ID', property: `to[${index}]` }],
  );
};
