import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readImageSize } from './rich-menu-image.ts';
import { layoutRichMenu, renderRichMenuImage, type RenderInput } from './rich-menu-render.ts';

const input = (extra: Partial<RenderInput> = {}): RenderInput => ({
  width: 2500,
  height: 1686,
  tabs: {
    items: [
      { label: 'ご予約', ratio: 1, gap: 8 },
      { label: 'メニュー・料金', ratio: 1, gap: 8 },
      { label: 'ショップ情報', ratio: 1, gap: 8 },
    ],
    selected: 1,
  },
  rows: [
    [
      { label: '予約する', ratio: 1, gap: 16 },
      { label: '空き状況', ratio: 1, gap: 16 },
    ],
    [
      { label: 'クーポン', ratio: 2, gap: 16 },
      { label: 'アクセス', ratio: 1, gap: 16 },
      { label: '電話する', ratio: 1, gap: 16 },
    ],
  ],
  border: { top: 24, bottom: 24, left: 24, right: 24 },
  ...extra,
});

describe('rich menu images', () => {
  it('have the requested size, stay under 1 MB and are PNG', () => {
    for (const [width, height] of [
      [2500, 1686],
      [2500, 843],
      [1200, 405],
      [800, 250],
    ] as const) {
      const image = renderRichMenuImage(input({ width, height }));
      expect(readImageSize(image.data)).toEqual({ format: 'png', width, height });
      expect(image.data.length).toBeLessThanOrEqual(1024 * 1024);
    }
    if (process.env.RICH_MENU_RENDER_OUT) {
      fs.writeFileSync(process.env.RICH_MENU_RENDER_OUT, renderRichMenuImage(input()).data);
    }
  });

  it('lays the tabs and items out inside the image, by ratio, with gaps and borders', () => {
    const layout = layoutRichMenu(input());
    expect(layout.tabBoxes.map((b) => b.height)).toEqual([220, 220, 220]);
    expect(layout.tabBoxes[0]!.x).toBe(0);
    expect(layout.tabBoxes[1]!.x).toBe(layout.tabBoxes[0]!.width + 8);
    const last = layout.tabBoxes[2]!;
    expect(last.x + last.width).toBe(2500);
    const [first, second] = layout.itemBoxes;
    expect(first![0]!).toMatchObject({ x: 24, y: 220 + 24 });
    expect(first![1]!.x).toBe(24 + first![0]!.width + 16);
    expect(first![1]!.x + first![1]!.width).toBe(2500 - 24);
    expect(second![0]!.width).toBeCloseTo(second![1]!.width * 2, -1);
    const bottom = second![0]!;
    expect(bottom.y + bottom.height).toBe(1686 - 24);
  });
});
