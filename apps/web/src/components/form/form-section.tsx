import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A titled group of form fields on a 12-column grid. */
export function FormSection({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  // The legend sits inside the header row, so the group is named through aria-labelledby.
  return (
    <Box component="fieldset" aria-labelledby={titleId} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mb: 2,
          flexWrap: 'wrap',
        }}
      >
        <Box>
          <Typography id={titleId} component="legend" variant="h4" sx={{ p: 0 }}>
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          )}
        </Box>
        {action}
      </Box>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Box>
  );
}
