import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Suspense, type ReactNode } from 'react';

/**
 * A chart's card: its title and a box of fixed height. The chart library loads lazily (its own chunk)
 * and the data may still be on its way: until both are there a skeleton holds the same height, so
 * nothing below moves when the chart appears.
 */
export function ChartSlot({
  title,
  action,
  height,
  isPending,
  children,
  testId,
}: {
  title: ReactNode;
  action?: ReactNode;
  height: number;
  isPending: boolean;
  children: ReactNode;
  testId?: string;
}) {
  const placeholder = <Skeleton variant="rounded" height={height} />;
  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardContent sx={{ p: 2.5 }}>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: 2,
            minHeight: 40,
          }}
        >
          <Typography variant="h6" component="h3">
            {title}
          </Typography>
          {action}
        </Box>
        <Box sx={{ height, mt: 1 }}>
          {isPending ? placeholder : <Suspense fallback={placeholder}>{children}</Suspense>}
        </Box>
      </CardContent>
    </Card>
  );
}
