import type { RichMenuArea } from '@app/contracts';

type Cell = { x: number; y: number; width: number; height: number };
export type RichMenuTemplate = { id: string; width: number; height: number; cells: Cell[] };

const L = { width: 2500, height: 1686 };
const S = { width: 2500, height: 843 };

/** LINE's own template layouts (Official Account Manager): large 2500x1686 and compact 2500x843. */
export const richMenuTemplates: RichMenuTemplate[] = [
  {
    id: 'large-6',
    ...L,
    cells: [0, 1].flatMap((row) =>
      [0, 1, 2].map((col) => ({
        x: [0, 833, 1666][col]!,
        y: row * 843,
        width: col === 1 ? 833 : 834,
        height: 843,
      })),
    ),
  },
  {
    id: 'large-4',
    ...L,
    cells: [0, 1].flatMap((row) =>
      [0, 1].map((col) => ({ x: col * 1250, y: row * 843, width: 1250, height: 843 })),
    ),
  },
  {
    id: 'large-1-3',
    ...L,
    cells: [
      { x: 0, y: 0, width: 2500, height: 843 },
      ...[0, 1, 2].map((col) => ({
        x: [0, 833, 1666][col]!,
        y: 843,
        width: col === 1 ? 833 : 834,
        height: 843,
      })),
    ],
  },
  {
    id: 'large-1-2',
    ...L,
    cells: [
      { x: 0, y: 0, width: 1666, height: 1686 },
      { x: 1666, y: 0, width: 834, height: 843 },
      { x: 1666, y: 843, width: 834, height: 843 },
    ],
  },
  {
    id: 'compact-3',
    ...S,
    cells: [0, 1, 2].map((col) => ({
      x: [0, 833, 1666][col]!,
      y: 0,
      width: col === 1 ? 833 : 834,
      height: 843,
    })),
  },
  { id: 'compact-2', ...S, cells: [0, 1].map((col) => ({ x: col * 1250, y: 0, width: 1250, height: 843 })) },
  { id: 'compact-1', ...S, cells: [{ x: 0, y: 0, width: 2500, height: 843 }] },
];

const letters = 'ABCDEF';

/** The template's tap areas, each sending its letter until the manager chooses its action. */
export const templateAreas = (template: RichMenuTemplate): RichMenuArea[] =>
  template.cells.map((bounds, index) => ({
    bounds,
    action: { type: 'message', label: letters[index], text: letters[index] },
  }));

/** A plain image of the template (lettered cells), for a start without a designer's image. */
export function drawTemplateImage(template: RichMenuTemplate, color = '#06C755'): string {
  const canvas = document.createElement('canvas');
  canvas.width = template.width;
  canvas.height = template.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  ctx.fillStyle = '#FFFFFF';
  ctx.fillRect(0, 0, template.width, template.height);
  template.cells.forEach((cell, index) => {
    ctx.fillStyle = index % 2 ? `${color}26` : `${color}14`;
    ctx.fillRect(cell.x + 6, cell.y + 6, cell.width - 12, cell.height - 12);
    ctx.fillStyle = color;
    ctx.font = `bold ${Math.round(Math.min(cell.height, cell.width) / 3)}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(letters[index] ?? '', cell.x + cell.width / 2, cell.y + cell.height / 2);
  });
  return canvas.toDataURL('image/png');
}

/** Template thumbnails: cells as percentages of the menu. */
export const cellStyle = (template: RichMenuTemplate, cell: Cell) => ({
  left: `${(cell.x / template.width) * 100}%`,
  top: `${(cell.y / template.height) * 100}%`,
  width: `${(cell.width / template.width) * 100}%`,
  height: `${(cell.height / template.height) * 100}%`,
});
