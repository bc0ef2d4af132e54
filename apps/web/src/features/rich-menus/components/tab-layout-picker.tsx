import type { TabConfigInput } from '@app/contracts';
import ButtonBase from '@mui/material/ButtonBase';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The grid layouts a tab can take: items per row, top to bottom. */
export const tabLayouts: number[][] = [[1], [2], [3], [2, 2], [3, 3], [1, 2], [1, 3], [2, 3]];

type Item = TabConfigInput['itemRows'][number]['items'][number];
export const newItem = (index: number): Item => ({
  type: 'message',
  label: `項目${index}`,
  text: `項目${index}`,
  ratio: 1,
  gap: 16,
});

/** The rows of a layout, keeping the tab's items in order (new places get a new item, extra ones go). */
export function applyLayout(rows: TabConfigInput['itemRows'], layout: number[]): TabConfigInput['itemRows'] {
  const items = rows.flatMap((row) => row.items);
  let next = 0;
  return layout.map((count) => ({
    items: Array.from({ length: count }, () => {
      const item = items[next] ?? newItem(next + 1);
      next += 1;
      return { ...item, ratio: 1 };
    }),
  }));
}

/** Which layout the rows are (equal widths), or null for one made by hand. */
export const layoutOf = (rows: TabConfigInput['itemRows']) =>
  tabLayouts.findIndex(
    (layout) =>
      layout.length === rows.length &&
      layout.every((count, index) => rows[index]!.items.length === count) &&
      rows.every((row) => row.items.every((item) => (item.ratio ?? 1) === 1)),
  );

/** Thumbnails of the layouts: a tab's grid is picked by its look, not by numbers. */
export function TabLayoutPicker({
  rows,
  onPick,
}: {
  rows: TabConfigInput['itemRows'];
  onPick: (layout: number[]) => void;
}) {
  const { t } = useTranslation();
  const current = layoutOf(rows);
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 0.5, fontWeight: 700 }}>
        {t('richMenus.tabbed.layout')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="radiogroup">
        {tabLayouts.map((layout, index) => (
          <ButtonBase
            key={layout.join('-')}
            role="radio"
            aria-checked={index === current}
            aria-label={t('richMenus.tabbed.layoutOf', { rows: layout.join('・') })}
            onClick={() => onPick(layout)}
            sx={{
              width: 72,
              height: 44,
              p: 0.5,
              display: 'grid',
              gap: 0.25,
              gridTemplateRows: `repeat(${layout.length}, 1fr)`,
              // ButtonBase centres its content; the cells must fill the thumbnail instead.
              gridTemplateColumns: '1fr',
              justifyContent: 'stretch',
              alignItems: 'stretch',
              border: 2,
              borderRadius: 1,
              borderColor: index === current ? 'primary.main' : 'divider',
              bgcolor: 'background.paper',
            }}
          >
            {layout.map((count, row) => (
              <Box
                key={row}
                sx={{
                  display: 'grid',
                  gap: 0.25,
                  gridTemplateColumns: `repeat(${count}, 1fr)`,
                  height: '100%',
                }}
              >
                {Array.from({ length: count }, (_, cell) => (
                  <Box
                    key={cell}
                    sx={{
                      bgcolor: index === current ? 'primary.main' : 'grey.400',
                      borderRadius: 0.25,
                      opacity: 0.8,
                    }}
                  />
                ))}
              </Box>
            ))}
          </ButtonBase>
        ))}
      </Box>
    </Box>
  );
}
