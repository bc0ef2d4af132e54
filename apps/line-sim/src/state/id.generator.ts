import { randomBytes, randomInt } from 'node:crypto';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** LINE user and bot ids: "U" followed by 32 lowercase hex digits (webhook.yml's destination pattern). */
export const createUserId = () => `U${hex(16)}`;

/** Channel ids are 10-digit numbers in LINE's consoles. */
export const createChannelId = () => String(randomInt(1_000_000_000, 2_000_000_000));

export const createChannelSecret = () => hex(16);

export const createBasicId = () => `@${randomBytes(6).toString('base64url').toLowerCase().slice(0, 7)}`;

export const createOpaqueToken = () => randomBytes(32).toString('base64url');

export const createReplyToken = () => hex(16);

/** Message ids are numeric strings (18 digits in practice). */
export const createMessageId = () =>
  `${randomInt(100_000, 999_999)}${String(Date.now()).slice(-12)}`.padEnd(18, '0');

/** What a message event carries when the chat is on (markAsReadMode manual), for POST /v2/bot/chat/markAsRead. */
export const createMarkAsReadToken = () => randomBytes(24).toString('base64url');

export const createQuoteToken = () => randomBytes(48).toString('base64url');

export const createRichMenuId = () => `richmenu-${hex(16)}`;

export const createLiffId = (loginChannelId: string) =>
  `${loginChannelId}-${randomBytes(6).toString('base64url').replace(/[-_]/g, 'x').slice(0, 8)}`;

const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** webhook.yml says webhookEventId is a ULID: 10 time characters then 16 random ones. */
export const createUlid = (now = Date.now()) => {
  let time = '';
  let rest = now;
  for (let i = 0; i < 10; i += 1) {
    time = (crockford[rest % 32] ?? '0') + time;
    rest = Math.floor(rest / 32);
  }
  const random = Array.from(randomBytes(16), (b) => crockford[b % 32]).join('');
  return time + random;
};

export const createSimId = (prefix: string) => `${prefix}_${hex(8)}`;
