import type { messagingApi } from '@line/bot-sdk';
import type { LineErrorDetail } from '../http/line-errors.ts';

export const maxRichMenuImageBytes = 1024 * 1024;

/** LINE's size rules, shared by the rich menu object and its image. */
export const checkRichMenuSize = (width: number, height: number, property = 'size'): LineErrorDetail[] => {
  const details: LineErrorDetail[] = [];
  if (width < 800 || width > 2500) {
    details.push({ message: 'width must be between 800 and 2500', property: `${property}.width` });
  }
  if (height < 250) details.push({ message: 'height must be at least 250', property: `${property}.height` });
  if (height > 0 && width / height < 1.45) {
    details.push({ message: 'aspect ratio (width / height) must be at least 1.45', property });
  }
  return details;
};

/** What RichMenuRequest's schema leaves optional but LINE requires, and the area rules. */
export const checkRichMenuObject = (body: unknown): LineErrorDetail[] => {
  const menu = body as Partial<messagingApi.RichMenuRequest>;
  const details: LineErrorDetail[] = [];
  for (const name of ['size', 'selected', 'name', 'chatBarText', 'areas'] as const) {
    if (menu[name] === undefined) details.push({ message: 'must be specified', property: name });
  }
  if (details.length) return details;
  const width = menu.size?.width ?? 0;
  const height = menu.size?.height ?? 0;
  details.push(...checkRichMenuSize(width, height));
  const areas = menu.areas ?? [];
  if (areas.length > 20) details.push({ message: 'Size must be between 0 and 20', property: 'areas' });
  areas.forEach((area, index) => {
    const bounds = area.bounds;
    if (!bounds || !area.action) {
      details.push({ message: 'bounds and action must be specified', property: `areas[${index}]` });
      return;
    }
    details.push(...checkAreaAction(area.action, `areas[${index}].action`));
    const x = bounds.x ?? 0;
    const y = bounds.y ?? 0;
    if (x + (bounds.width ?? 0) > width || y + (bounds.height ?? 0) > height) {
      details.push({ message: 'must be inside the rich menu', property: `areas[${index}].bounds` });
    }
  });
  return details;
};

/** LINE's rich menu uri actions open web pages, phone calls or LINE's own links. */
const allowedUri = /^(https?:\/\/\S+|tel:[0-9+\-*#()]+|line:\/\/\S+)$/i;

/** What each action type needs (LINE answers 400 without it). */
const checkAreaAction = (action: messagingApi.Action, property: string): LineErrorDetail[] => {
  const fields = action as {
    type?: string;
    text?: string;
    uri?: string;
    richMenuAliasId?: string;
    data?: string;
  };
  if (fields.type === 'message' && !fields.text)
    return [{ message: 'must be specified', property: `${property}.text` }];
  if (fields.type === 'uri' && !(fields.uri && allowedUri.test(fields.uri))) {
    return [{ message: 'invalid uri scheme', property: `${property}.uri` }];
  }
  if (fields.type === 'richmenuswitch' && (!fields.richMenuAliasId || fields.data === undefined)) {
    return [{ message: 'richMenuAliasId and data must be specified', property }];
  }
  return [];
};
