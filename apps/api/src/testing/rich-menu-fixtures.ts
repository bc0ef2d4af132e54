import type { RichMenuObjectInput } from '@app/contracts';
import { createPng, dataUrl } from './images.ts';

/** A one-area rich menu (its area sends the menu's name as a message), for tests that need any menu. */
export const plainMenuBody = (name: string): RichMenuObjectInput => ({
  name,
  size: { width: 1200, height: 405 },
  selected: false,
  chatBarText: name.slice(0, 14),
  areas: [{ bounds: { x: 0, y: 0, width: 1200, height: 405 }, action: { type: 'message', text: name } }],
});

/** A menu image of the plain menu's size, as the rich menu routes take it (a data URL). */
export const plainMenuImage = dataUrl(createPng(1200, 405));
