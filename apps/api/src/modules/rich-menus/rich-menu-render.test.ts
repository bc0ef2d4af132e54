import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readImageSize } from './rich-menu-image.ts';
import {
  fitLabel,
  layoutRichMenu,
  measuringContext,
  renderAreaImage,
  renderRichMenuImage,
  RICH_MENU_FONT,
  type RenderInput,
} from './rich-menu-render.ts';

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

/** The dark (label) pixels of a drawn PNG inside a box: how many, and their extent. */
const inkIn = (png: Buffer, box: { x: number; y: number; width: number; height: number }) =>
  pixelsIn(png, box, (r, g, b) => r < 100 && g < 100 && b < 100);

/** The pixels of a drawn PNG inside a box that pass a test of their colour: how many, and their extent. */
async function pixelsIn(
  png: Buffer,
  box: { x: number; y: number; width: number; height: number },
  isOne: (r: number, g: number, b: number) => boolean,
) {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(box.x, box.y, box.width, box.height);
  let count = 0;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < data.length; i += 4) {
    if (isOne(data[i]!, data[i + 1]!, data[i + 2]!)) {
      const x = (i / 4) % box.width;
      const y = Math.floor(i / 4 / box.width);
      count += 1;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  return { count, minX, maxX, minY, maxY };
}

describe('area images (a template without a designer image)', () => {
  const left = { x: 0, y: 0, width: 1250, height: 843 };
  const right = { x: 1250, y: 0, width: 1250, height: 843 };
  const draw = (labels: [string, string]) =>
    renderAreaImage({
      width: 2500,
      height: 843,
      areas: [
        { bounds: left, label: labels[0] },
        { bounds: right, label: labels[1] },
      ],
    });

  it('draws each area its own label, centred in the area; an empty label draws no text', async () => {
    const one = draw(['ご予約', 'クーポン']);
    const two = draw(['ご予約', 'アクセス']);
    expect(readImageSize(one.data)).toEqual({ format: 'png', width: 2500, height: 843 });
    expect(one.data.equals(two.data)).toBe(false);
    const ink = await inkIn(one.data, left);
    expect(ink.count).toBeGreaterThan(1000);
    // centred: the text's middle within 5% of the area's middle, both ways
    expect(Math.abs((ink.minX + ink.maxX) / 2 - left.width / 2)).toBeLessThan(left.width * 0.05);
    expect(Math.abs((ink.minY + ink.maxY) / 2 - left.height / 2)).toBeLessThan(left.height * 0.05);
    // the left halves are the same label, the right ones differ
    const blank = draw(['ご予約', '']);
    expect((await inkIn(blank.data, right)).count).toBe(0);
    expect((await inkIn(two.data, right)).count).toBeGreaterThan(1000);
    if (process.env.RICH_MENU_RENDER_OUT) {
      fs.writeFileSync(
        process.env.RICH_MENU_RENDER_OUT.replace(/\.png$/, '-areas.png'),
        draw(['ご予約はこちらから（24時間受付・当日もOK）', 'クーポン']).data,
      );
    }
  });

  it("draws an area's icon above its label in the account's color, the label below it", async () => {
    const color = '#C0392B';
    const iconPixel = (r: number, g: number, b: number) =>
      Math.abs(r - 0xc0) < 4 && Math.abs(g - 0x39) < 4 && Math.abs(b - 0x2b) < 4;
    const drawWith = (icon: 'calendar' | 'phone' | undefined) =>
      renderAreaImage({
        width: 2500,
        height: 843,
        color,
        areas: [
          { bounds: left, label: 'ご予約', icon },
          { bounds: right, label: 'クーポン' },
        ],
      });
    const calendar = drawWith('calendar');
    expect(calendar.data.equals(drawWith(undefined).data)).toBe(false);
    expect(calendar.data.equals(drawWith('phone').data)).toBe(false);
    const icon = await pixelsIn(calendar.data, left, iconPixel);
    expect(icon.count).toBeGreaterThan(5000);
    const label = await inkIn(calendar.data, left);
    expect(label.count).toBeGreaterThan(1000);
    expect(label.minY).toBeGreaterThan(icon.maxY); // the label under the icon
    expect((await pixelsIn(calendar.data, right, iconPixel)).count).toBe(0); // no icon asked there
    if (process.env.RICH_MENU_RENDER_OUT)
      fs.writeFileSync(process.env.RICH_MENU_RENDER_OUT.replace(/\.png$/, '-icon.png'), calendar.data);
  });

  it('fits a long Japanese label to its area on several lines, each inside the padding', () => {
    const ctx = measuringContext();
    const box = { x: 0, y: 0, width: 834, height: 843 };
    const label = 'ご予約はこちらから（24時間受付・当日もOK）';
    const fitted = fitLabel(ctx, label, box);
    expect(fitted.lines.length).toBeGreaterThan(1);
    expect(fitted.lines.join('')).toBe(label);
    const padding = Math.round(834 * 0.08);
    ctx.font = `700 ${fitted.size}px ${RICH_MENU_FONT}`;
    for (const line of fitted.lines)
      expect(ctx.measureText(line).width).toBeLessThanOrEqual(834 - padding * 2);
    expect(fitted.lines.length * fitted.size * 1.25).toBeLessThanOrEqual(843 - padding * 2);
    // a short one stays on one line at the full size
    expect(fitLabel(ctx, 'クーポン', box)).toEqual({ size: 96, lines: ['クーポン'] });
    // one that cannot fit even small is cut with …, never drawn outside
    const tiny = fitLabel(ctx, label.repeat(20), { x: 0, y: 0, width: 200, height: 60 });
    expect(tiny.lines.at(-1)!.endsWith('…')).toBe(true);
  });
});
