import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { ensureLinks, insertRecipientToken } from './deliveries.repository.ts';
import type { LineMessage } from './line-messages.ts';

/** The public path of a tracked link: `${APP_URL}/r/<link token>[.<recipient token>]`. */
export const TRACKED_LINK_PATH = '/r';

/** 96 random bits, base64url: 16 characters that say nothing and cannot be guessed. */
export const newLinkToken = () => randomBytes(12).toString('base64url');

/** A URL in a text message: http(s) up to the next space (LINE links the same run of characters). */
const TEXT_URL = /https?:\/\/[^\s<>"]+/g;
/** The keys of LINE's message JSON whose value a tap opens: actions' `uri`, imagemap's `linkUri`, Flex's altUri. */
const URI_KEYS = new Set(['uri', 'linkUri', 'desktop']);
const isWebUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\//i.test(value);

/** Every `uri` / `linkUri` / `altUri.desktop` at any depth (template, Flex, imagemap, quick-reply actions). */
function walk(value: unknown, onUrl: (url: string) => string, key?: string): unknown {
  if (typeof value === 'string') return key && URI_KEYS.has(key) && isWebUrl(value) ? onUrl(value) : value;
  if (Array.isArray(value)) return value.map((v) => walk(v, onUrl));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, onUrl, k)]));
  }
  return value;
}

/**
 * Every link a tap can open in LINE messages, whatever their kind: the URLs LINE links in a text message
 * (text, textV2; not a Flex text, which LINE does not link) and every action's link. One walk for reading
 * and rewriting, so the two never disagree.
 */
function eachLink(messages: LineMessage[], onUrl: (url: string) => string): LineMessage[] {
  return messages.map((message) => {
    const walked = walk(message, onUrl) as LineMessage & { text?: unknown };
    const isText = message.type === 'text' || (message.type as string) === 'textV2';
    if (!isText || typeof walked.text !== 'string') return walked;
    return { ...walked, text: walked.text.replace(TEXT_URL, (url) => onUrl(url)) } as LineMessage;
  });
}

/** The distinct links of some messages, in the order they appear. */
export function linksIn(messages: LineMessage[]): string[] {
  const urls = new Set<string>();
  eachLink(messages, (url) => {
    urls.add(url);
    return url;
  });
  return [...urls];
}

/** The messages with every link replaced by `trackedUrl(link)`. */
export function rewriteLinks(messages: LineMessage[], trackedUrl: (url: string) => string): LineMessage[] {
  return eachLink(messages, trackedUrl);
}

/**
 * The messages as they go out: every link through our redirect. The delivery's links are made once
 * (the same token on every run and retry); `recipientToken` names the friend of a push.
 */
export async function trackDeliveryLinks(
  db: Db,
  input: { appUrl: string; deliveryId: number; messages: LineMessage[]; recipientToken?: string },
): Promise<LineMessage[]> {
  const urls = linksIn(input.messages);
  if (urls.length === 0) return input.messages;
  const tokens = await ensureLinks(db, input.deliveryId, urls, newLinkToken);
  const suffix = input.recipientToken ? `.${input.recipientToken}` : '';
  return rewriteLinks(
    input.messages,
    (url) => `${input.appUrl}${TRACKED_LINK_PATH}/${tokens.get(url)!}${suffix}`,
  );
}

/** A friend's own token for a delivery's links (a push to one friend: the test send). */
export async function recipientTokenFor(
  db: Db,
  input: { deliveryId: number; friendId: number; isTest: boolean; now: Date },
): Promise<string> {
  const token = newLinkToken();
  await insertRecipientToken(db, { token, ...input, createdAt: input.now });
  return token;
}

/**
 * A friend's token in a personalised chunk (one push per friend): derived from the chunk's retry key (random,
 * never shown to a friend) and the friend's LINE user id, so the chunk's every retry names the friend with
 * the same token, and the tokens are stored with the chunk in one transaction (nothing to look up to send).
 */
export const personalLinkToken = (chunkKey: string, lineUserId: string): string =>
  createHmac('sha256', chunkKey).update(lineUserId, 'utf8').digest().subarray(0, 12).toString('base64url');

/** The tracked links of messages (`${appUrl}/r/<link token>`) named for one friend: `.<recipient token>`. */
export function linksForRecipient(
  messages: readonly LineMessage[],
  appUrl: string,
  recipientToken: string,
): LineMessage[] {
  const prefix = `${appUrl}${TRACKED_LINK_PATH}/`;
  return rewriteLinks([...messages], (url) =>
    url.startsWith(prefix) && !url.slice(prefix.length).includes('.') ? `${url}.${recipientToken}` : url,
  );
}
