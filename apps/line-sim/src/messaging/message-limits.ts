import type { LineErrorDetail } from '../http/line-errors.ts';

/** Limits LINE enforces that its OpenAPI schemas don't spell out. */
export const maxTextLength = 5000;
export const maxMessagesPerRequest = 5;
export const maxMulticastRecipients = 500;

export const userIdPattern = /^U[0-9a-f]{32}$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isRetryKey = (value: string) => uuidPattern.test(value);

type MessageLike = {
  type?: unknown;
  text?: unknown;
  altText?: unknown;
  contents?: unknown;
  originalContentUrl?: unknown;
  previewImageUrl?: unknown;
  baseUrl?: unknown;
};

/** LINE's limits on Flex messages (the Messaging API reference's "Flex Message" pages). */
export const flexLimits = {
  carouselBubbles: 12,
  bubbleBytes: 30_000,
  carouselBytes: 50_000,
  actionLabel: 40,
  messageActionText: 300,
  uri: 1000,
  url: 2000,
} as const;

const httpsUrl = /^https:\/\/\S+$/;
const actionUri = /^(https?:\/\/|line:\/\/|tel:)\S+$/;

/** An action's label, text and link, as LINE checks them wherever an action appears. */
const checkAction = (action: unknown, property: string): LineErrorDetail[] => {
  if (!action || typeof action !== 'object') return [];
  const a = action as { type?: unknown; label?: unknown; text?: unknown; uri?: unknown };
  const details: LineErrorDetail[] = [];
  if (typeof a.label === 'string' && a.label.length > flexLimits.actionLabel) {
    details.push({
      message: `Length must be between 0 and ${flexLimits.actionLabel}`,
      property: `${property}.label`,
    });
  }
  if (a.type === 'message' && typeof a.text === 'string' && a.text.length > flexLimits.messageActionText) {
    details.push({
      message: `Length must be between 0 and ${flexLimits.messageActionText}`,
      property: `${property}.text`,
    });
  }
  if (
    a.type === 'uri' &&
    (typeof a.uri !== 'string' || a.uri.length > flexLimits.uri || !actionUri.test(a.uri))
  ) {
    details.push({ message: 'invalid uri', property: `${property}.uri` });
  }
  return details;
};

/** Every component of a Flex container: texts not empty, images on https, actions within their limits. */
const checkFlexComponent = (node: unknown, property: string): LineErrorDetail[] => {
  if (!node || typeof node !== 'object') return [];
  const n = node as Record<string, unknown>;
  const details: LineErrorDetail[] = [];
  if (n.type === 'text' && typeof n.text === 'string' && n.text.length === 0 && !n.contents) {
    details.push({ message: 'must be non-empty text', property: `${property}.text` });
  }
  if (
    n.type === 'image' &&
    (typeof n.url !== 'string' || n.url.length > flexLimits.url || !httpsUrl.test(n.url))
  ) {
    details.push({
      message: 'invalid url (https only, at most 2000 characters)',
      property: `${property}.url`,
    });
  }
  if (n.action) details.push(...checkAction(n.action, `${property}.action`));
  for (const key of ['header', 'hero', 'body', 'footer']) {
    if (n[key]) details.push(...checkFlexComponent(n[key], `${property}.${key}`));
  }
  if (Array.isArray(n.contents)) {
    n.contents.forEach((child, index) =>
      details.push(...checkFlexComponent(child, `${property}.contents[${index}]`)),
    );
  }
  return details;
};

/** A Flex message's container: bubble count, JSON size, then each component. */
const checkFlex = (contents: unknown, property: string): LineErrorDetail[] => {
  if (!contents || typeof contents !== 'object') return [];
  const c = contents as { type?: unknown; contents?: unknown[] };
  const bytes = Buffer.byteLength(JSON.stringify(contents));
  if (c.type === 'carousel') {
    if ((c.contents?.length ?? 0) > flexLimits.carouselBubbles) {
      return [
        {
          message: `Size must be between 1 and ${flexLimits.carouselBubbles}`,
          property: `${property}.contents`,
        },
      ];
    }
    if (bytes > flexLimits.carouselBytes) {
      return [
        { message: `The size of the carousel must be at most ${flexLimits.carouselBytes} bytes`, property },
      ];
    }
  } else if (bytes > flexLimits.bubbleBytes) {
    return [{ message: `The size of the bubble must be at most ${flexLimits.bubbleBytes} bytes`, property }];
  }
  return checkFlexComponent(contents, property);
};

/**
 * Where the simulator lets an image be fetched over http: the machine itself (the product under
 * development serves its uploads at APP_URL, http://localhost:PORT). LINE itself takes https only.
 */
const loopbackHttpUrl = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\/\S*$/;

/** Image and imagemap URLs: https (or the simulator's loopback http), at most 2000 characters (LINE fetches them). */
const checkUrl = (value: unknown, property: string): LineErrorDetail[] =>
  typeof value === 'string' &&
  (value.length > flexLimits.url || !(httpsUrl.test(value) || loopbackHttpUrl.test(value)))
    ? [{ message: 'invalid url (https only, at most 2000 characters)', property }]
    : [];

/** LINE's limits on an imagemap (the Messaging API reference's "Imagemap message"). */
export const imagemapLimits = {
  actions: 50,
  altText: 1500,
  baseWidth: 1040,
  label: 100,
  text: 400,
  uri: 1000,
};

type ImagemapLike = {
  altText?: unknown;
  baseSize?: { width?: unknown; height?: unknown };
  actions?: {
    type?: unknown;
    area?: Record<string, unknown>;
    linkUri?: unknown;
    text?: unknown;
    label?: unknown;
  }[];
};

/** An imagemap: base width 1040, at most 50 actions, each area inside the base size, its link or text. */
const checkImagemap = (message: ImagemapLike, property: string): LineErrorDetail[] => {
  const details: LineErrorDetail[] = [];
  const width = message.baseSize?.width;
  const height = message.baseSize?.height;
  if (width !== imagemapLimits.baseWidth) {
    details.push({ message: 'baseSize.width must be 1040', property: `${property}.baseSize.width` });
  }
  if (typeof height !== 'number' || height < 1) {
    details.push({ message: 'must be greater than 0', property: `${property}.baseSize.height` });
  }
  const actions = message.actions ?? [];
  if (actions.length > imagemapLimits.actions) {
    return [
      ...details,
      { message: `Size must be between 0 and ${imagemapLimits.actions}`, property: `${property}.actions` },
    ];
  }
  actions.forEach((action, index) => {
    const at = `${property}.actions[${index}]`;
    const a = action.area ?? {};
    const [x, y, w, hgt] = [a.x, a.y, a.width, a.height].map((v) => (typeof v === 'number' ? v : -1));
    if (
      x! < 0 ||
      y! < 0 ||
      w! < 1 ||
      hgt! < 1 ||
      (typeof width === 'number' && x! + w! > width) ||
      (typeof height === 'number' && y! + hgt! > height)
    ) {
      details.push({ message: 'The area must be inside the base size', property: `${at}.area` });
    }
    if (typeof action.label === 'string' && action.label.length > imagemapLimits.label) {
      details.push({
        message: `Length must be between 0 and ${imagemapLimits.label}`,
        property: `${at}.label`,
      });
    }
    if (
      action.type === 'uri' &&
      (typeof action.linkUri !== 'string' ||
        action.linkUri.length > imagemapLimits.uri ||
        !actionUri.test(action.linkUri))
    ) {
      details.push({ message: 'invalid uri', property: `${at}.linkUri` });
    }
    if (
      action.type === 'message' &&
      (typeof action.text !== 'string' || action.text.length < 1 || action.text.length > imagemapLimits.text)
    ) {
      details.push({
        message: `Length must be between 1 and ${imagemapLimits.text}`,
        property: `${at}.text`,
      });
    }
  });
  return details;
};

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
    if (message.type === 'flex') details.push(...checkFlex(message.contents, `messages[${index}].contents`));
    if (message.type === 'image') {
      details.push(...checkUrl(message.originalContentUrl, `messages[${index}].originalContentUrl`));
      details.push(...checkUrl(message.previewImageUrl, `messages[${index}].previewImageUrl`));
    }
    if (message.type === 'imagemap') {
      details.push(...checkUrl(message.baseUrl, `messages[${index}].baseUrl`));
      details.push(...checkImagemap(message, `messages[${index}]`));
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
