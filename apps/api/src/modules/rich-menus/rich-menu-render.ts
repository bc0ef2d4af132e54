import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Canvas from '@napi-rs/canvas';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { richMenuIconPaths, type RichMenuIcon } from '@app/contracts';

/**
 * Server-side drawing of rich menu images (tab bars and item grids) with @napi-rs/canvas (Skia; its
 * native part is a prebuilt optional dependency). Labels are drawn in Noto Sans JP from the
 * @fontsource/noto-sans-jp package, never a font of the machine: the unicode-range subsets of the
 * bold weight are registered under one family, which Skia searches glyph by glyph.
 */
export const RICH_MENU_FONT = 'RichMenuNotoSansJP';
const require = createRequire(import.meta.url);
let canvasModule: typeof Canvas | undefined;

/**
 * Skia, loaded on the first drawing rather than at start-up (the native module is not needed to serve
 * requests that draw nothing; issue 15's cold start). The fonts come with the labels: fontsFor.
 */
function canvasWithFonts(): typeof Canvas {
  if (canvasModule) return canvasModule;
  canvasModule = require('@napi-rs/canvas') as typeof Canvas;
  return canvasModule;
}

type FontSubset = { file: string; ranges: [number, number][]; registered: boolean };
let fontSubsets: FontSubset[] | undefined;

/** The bold subsets and the letters each holds, read from the package's 700.css (its unicode-range). */
function boldSubsets(): FontSubset[] {
  if (fontSubsets) return fontSubsets;
  const dir = path.dirname(require.resolve('@fontsource/noto-sans-jp/package.json'));
  const css = fs.readFileSync(path.join(dir, '700.css'), 'utf8');
  fontSubsets = [
    ...css.matchAll(/url\(\.\/files\/([^)]+-700-normal\.woff2)\)[^}]*?unicode-range:([^;]+);/g),
  ].map(([, file, ranges]) => ({
    file: path.join(dir, 'files', file!),
    ranges: ranges!.split(',').map((range) => {
      const [lo, hi] = range.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(lo!, 16), parseInt(hi ?? lo!, 16)] as [number, number];
    }),
    registered: false,
  }));
  if (fontSubsets.length === 0) throw new Error('@fontsource/noto-sans-jp has no bold subsets');
  return fontSubsets;
}

/**
 * Registers (once) the subsets of the bold weight that hold the letters of `text`, under one family that
 * Skia searches glyph by glyph: a menu's few labels need a handful of the 124 files, and registering all
 * of them made the first drawing (the demo's, on a first start) slower (issue 31).
 */
function fontsFor(text: string): void {
  const { GlobalFonts } = canvasWithFonts();
  const subsets = boldSubsets();
  for (const letter of new Set(text)) {
    const code = letter.codePointAt(0)!;
    const inSubsets = subsets.filter((subset) => subset.ranges.some(([lo, hi]) => code >= lo && code <= hi));
    for (const subset of inSubsets) {
      if (subset.registered) continue;
      GlobalFonts.registerFromPath(subset.file, RICH_MENU_FONT);
      subset.registered = true;
    }
  }
}

export type Box = { x: number; y: number; width: number; height: number };
export type RenderItem = { label: string; ratio: number; gap: number };
/** A tab's width share in the bar and the gap after it, in pixels. */
export type RenderTab = { label: string; ratio: number; gap: number };
export type RenderInput = {
  width: number;
  height: number;
  /** A tab bar on top, the selected tab highlighted; none for a plain grid. */
  tabs?: { items: RenderTab[]; selected: number } | undefined;
  rows: RenderItem[][];
  border: { top: number; bottom: number; left: number; right: number };
  color?: string;
};
export type RenderLayout = { tabBoxes: Box[]; itemBoxes: Box[][] };

/** The tab bar's height: a fifth of the menu, at most 220 px. */
export const tabBarHeightOf = (height: number) => Math.min(220, Math.round(height / 5));

/** Split a length into parts by ratio, with gaps between them; whole pixels that add up exactly. */
function split(
  start: number,
  length: number,
  ratios: number[],
  gaps: number[],
): { start: number; size: number }[] {
  const totalGap = gaps.slice(0, -1).reduce((sum, gap) => sum + gap, 0);
  const free = Math.max(ratios.length, length - totalGap);
  const totalRatio = ratios.reduce((sum, ratio) => sum + ratio, 0) || 1;
  const parts: { start: number; size: number }[] = [];
  let at = start;
  let used = 0;
  ratios.forEach((ratio, index) => {
    const size =
      index === ratios.length - 1 ? free - used : Math.max(1, Math.round((free * ratio) / totalRatio));
    parts.push({ start: at, size });
    used += size;
    at += size + (gaps[index] ?? 0);
  });
  return parts;
}

/** Where the tabs and the items go: the same boxes become the menu's tap areas. */
export function layoutRichMenu(input: RenderInput): RenderLayout {
  const barHeight = input.tabs ? tabBarHeightOf(input.height) : 0;
  const tabBoxes = input.tabs
    ? split(
        0,
        input.width,
        input.tabs.items.map((tab) => tab.ratio),
        input.tabs.items.map((tab) => tab.gap),
      ).map((part) => ({ x: part.start, y: 0, width: part.size, height: barHeight }))
    : [];
  const { top, bottom, left, right } = input.border;
  const gridTop = barHeight + top;
  const gridHeight = Math.max(input.rows.length, input.height - gridTop - bottom);
  const rowGaps = input.rows.map((row) => Math.max(0, ...row.map((item) => item.gap)));
  const rowParts = split(
    gridTop,
    gridHeight,
    input.rows.map(() => 1),
    rowGaps,
  );
  const itemBoxes = input.rows.map((row, rowIndex) => {
    const rowPart = rowParts[rowIndex]!;
    return split(
      left,
      Math.max(row.length, input.width - left - right),
      row.map((item) => item.ratio),
      row.map((item) => item.gap),
    ).map((part) => ({ x: part.start, y: rowPart.start, width: part.size, height: rowPart.size }));
  });
  return { tabBoxes, itemBoxes };
}

type Measure = { measureText: (text: string) => { width: number }; font: string };

/** Break a label into lines no wider than `width` (Japanese may break between any two letters). */
function wrap(ctx: Measure, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const letter of Array.from(paragraph)) {
      if (line && ctx.measureText(line + letter).width > width) {
        lines.push(line.trimEnd());
        line = letter.trim() ? letter : '';
      } else line += letter;
    }
    lines.push(line);
  }
  return lines;
}

const MIN_FONT = 12;

/**
 * The largest font (at most a third of the box's height, 96 px) at which the label fits the box inside
 * its padding, on as many lines as it needs; at the smallest size the lines that do not fit are left out
 * (the last one kept ends in …).
 */
export function fitLabel(ctx: Measure, text: string, box: Box): { size: number; lines: string[] } {
  const padding = Math.max(8, Math.round(Math.min(box.width, box.height) * 0.08));
  const width = Math.max(1, box.width - padding * 2);
  const height = Math.max(1, box.height - padding * 2);
  let size = Math.max(MIN_FONT, Math.round(Math.min(box.height * 0.32, 96)));
  fontsFor(`${text}…`);
  for (; ; size -= 2) {
    ctx.font = `700 ${size}px ${RICH_MENU_FONT}`;
    const lines = wrap(ctx, text.trim(), width);
    if (lines.length * size * 1.25 <= height || size <= MIN_FONT) {
      const room = Math.max(1, Math.floor(height / (size * 1.25)));
      if (lines.length <= room) return { size, lines };
      const kept = lines.slice(0, room);
      let last = kept[room - 1]!;
      while (last && ctx.measureText(`${last}…`).width > width) last = last.slice(0, -1);
      kept[room - 1] = `${last}…`;
      return { size, lines: kept };
    }
  }
}

function drawLabel(ctx: SKRSContext2D, text: string, box: Box, color: string) {
  if (!text.trim()) return;
  const { size, lines } = fitLabel(ctx, text, box);
  ctx.font = `700 ${size}px ${RICH_MENU_FONT}`;
  ctx.fillStyle = color;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const lineHeight = size * 1.25;
  const top = box.y + box.height / 2 - ((lines.length - 1) * lineHeight) / 2;
  lines.forEach((line, index) => ctx.fillText(line, box.x + box.width / 2, top + index * lineHeight));
}

function roundRect(ctx: SKRSContext2D, box: Box, radius: number) {
  ctx.beginPath();
  ctx.roundRect(box.x, box.y, box.width, box.height, Math.min(radius, box.width / 2, box.height / 2));
  ctx.fill();
}

/** A PNG, or a JPEG when the PNG would pass LINE's 1 MB. */
function encode(canvas: Canvas.Canvas): { contentType: 'image/png' | 'image/jpeg'; data: Buffer } {
  const png = canvas.toBuffer('image/png');
  if (png.length <= 1024 * 1024) return { contentType: 'image/png', data: png };
  return { contentType: 'image/jpeg', data: canvas.toBuffer('image/jpeg', 85) };
}

/**
 * An icon (a 24 x 24 SVG path) in the account's color, centred in the box at the size given; the box
 * left under it is what the label gets.
 */
function drawIcon(ctx: SKRSContext2D, icon: RichMenuIcon, box: Box, size: number, color: string) {
  const { Path2D } = canvasWithFonts();
  ctx.save();
  ctx.translate(box.x + (box.width - size) / 2, box.y);
  ctx.scale(size / 24, size / 24);
  ctx.fillStyle = color;
  ctx.fill(new Path2D(richMenuIconPaths[icon]));
  ctx.restore();
}

/**
 * A tile: tinted, rounded, outlined in the account's color, its label fitted inside; with an icon, the
 * icon above (about two fifths of the tile's height) and the label in the rest.
 */
function drawTile(ctx: SKRSContext2D, box: Box, label: string, color: string, icon?: RichMenuIcon | '') {
  ctx.fillStyle = `${color}1F`;
  roundRect(ctx, box, 24);
  ctx.strokeStyle = `${color}66`;
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.roundRect(box.x + 2, box.y + 2, Math.max(1, box.width - 4), Math.max(1, box.height - 4), 22);
  ctx.stroke();
  if (!icon) {
    drawLabel(ctx, label, box, '#212529');
    return;
  }
  const pad = Math.round(Math.min(box.width, box.height) * 0.08);
  const iconSize = Math.round(
    Math.min(box.width - pad * 2, (box.height - pad * 2) * (label.trim() ? 0.42 : 0.7)),
  );
  const top = label.trim() ? box.y + pad * 1.5 : box.y + (box.height - iconSize) / 2;
  drawIcon(ctx, icon, { ...box, y: top }, iconSize, color);
  const below = top + iconSize + pad / 2;
  drawLabel(
    ctx,
    label,
    { x: box.x, y: below, width: box.width, height: box.y + box.height - below - pad / 2 },
    '#212529',
  );
}

/**
 * One menu image: white ground, the tab bar (selected tab in the account's color, the others grey),
 * the item grid (tinted tiles with their labels). PNG, well under LINE's 1 MB for flat drawings; JPEG
 * if a PNG would be too big.
 */
export function renderRichMenuImage(input: RenderInput) {
  const { createCanvas } = canvasWithFonts();
  const color = input.color ?? '#06C755';
  const canvas = createCanvas(input.width, input.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#FFFFFF';
  ctx.fillRect(0, 0, input.width, input.height);
  const layout = layoutRichMenu(input);
  layout.tabBoxes.forEach((box, index) => {
    const isSelected = index === input.tabs!.selected;
    ctx.fillStyle = isSelected ? color : '#E9ECEF';
    ctx.fillRect(box.x, box.y, box.width, box.height);
    drawLabel(ctx, input.tabs!.items[index]!.label, box, isSelected ? '#FFFFFF' : '#495057');
  });
  input.rows.forEach((row, rowIndex) =>
    row.forEach((item, index) => drawTile(ctx, layout.itemBoxes[rowIndex]![index]!, item.label, color)),
  );
  return encode(canvas);
}

/**
 * The image of a menu made from a template without a designer's image: each tap area a tile (inset a
 * little, so neighbours stay apart) with the area's label, fitted to it.
 */
export function renderAreaImage(input: {
  width: number;
  height: number;
  areas: { bounds: Box; label: string; icon?: RichMenuIcon | '' | undefined }[];
  color?: string | undefined;
}) {
  const { createCanvas } = canvasWithFonts();
  const color = input.color ?? '#06C755';
  const canvas = createCanvas(input.width, input.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#FFFFFF';
  ctx.fillRect(0, 0, input.width, input.height);
  for (const area of input.areas) {
    const inset = Math.min(12, Math.floor(Math.min(area.bounds.width, area.bounds.height) / 8));
    const box = {
      x: area.bounds.x + inset,
      y: area.bounds.y + inset,
      width: area.bounds.width - inset * 2,
      height: area.bounds.height - inset * 2,
    };
    drawTile(ctx, box, area.label, color, area.icon);
  }
  return encode(canvas);
}

/** A throwaway context to measure labels with (tests of the fitting). */
export function measuringContext() {
  return canvasWithFonts().createCanvas(10, 10).getContext('2d');
}
