import { createHmac } from 'node:crypto';

/** X-Line-Signature: base64(HMAC-SHA256(channel secret, raw body)), exactly as LINE signs. */
export const signWebhookBody = (channelSecret: string, rawBody: string) =>
  createHmac('sha256', channelSecret).update(rawBody).digest('base64');
