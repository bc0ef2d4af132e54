import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type DetailItem = { label: string; value: ReactNode; isWide?: boolean };

/** Label / value pairs of a record, two columns on wide screens. */
export function DetailList({ items }: { items: DetailItem[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        columnGap: 4,
        rowGap: 2,
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ gridColumn: item.isWide ? '1 / -1' : undefined, minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
            {item.value === null || item.value === undefined || item.value === '' ? '—' : item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
