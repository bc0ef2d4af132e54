import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** Height of a figure's number line: the skeleton takes the same, so nothing moves when it arrives. */
const VALUE_HEIGHT = 40;

/**
 * One dashboard figure: its label, the number (a skeleton while it loads, a dash when it cannot be
 * read) and, when it counts a list, a link to that list.
 */
export function FigureTile({
  label,
  value,
  note,
  to,
  isPending,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  note?: ReactNode;
  to?: string | undefined;
  isPending: boolean;
  testId?: string;
}) {
  const content = (
    <CardContent sx={{ p: 2.5 }}>
      <Box
        sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1, minHeight: 24 }}
      >
        <Typography component="div" variant="body2" color="text.secondary">
          {label}
        </Typography>
        {to && <ArrowForwardOutlined fontSize="small" color="action" />}
      </Box>
      <Box sx={{ height: VALUE_HEIGHT, display: 'flex', alignItems: 'center' }} data-testid={testId}>
        {isPending ? (
          <Skeleton width={72} height={VALUE_HEIGHT} />
        ) : (
          <Typography component="span" sx={{ fontSize: '1.9rem', fontWeight: 800, lineHeight: 1.2 }}>
            {value}
          </Typography>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ minHeight: 20 }}>
        {isPending ? null : note}
      </Typography>
    </CardContent>
  );
  return (
    <Card sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}
