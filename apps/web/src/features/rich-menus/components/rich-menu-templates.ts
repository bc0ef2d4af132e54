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

/**
 * The template's tap areas, each a message area still to be named: its label is what the server draws
 * on the image (drawImage), its text what it sends.
 */
export const templateAreas = (template: RichMenuTemplate): RichMenuArea[] =>
  template.cells.map((bounds) => ({ bounds, action: { type: 'message', label: '', text: '' } }));

/** Template thumbnails: cells as percentages of the menu. */
export const cellStyle = (template: RichMenuTemplate, cell: Cell) => ({
  left: `${(cell.x / template.width) * 100}%`,
  top: `${(cell.y / template.height) * 100}%`,
  width: `${(cell.width / template.width) * 100}%`,
  height: `${(cell.height / template.height) * 100}%`,
});
