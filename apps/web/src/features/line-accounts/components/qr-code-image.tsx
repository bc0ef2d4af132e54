import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { encode } from 'uqr';

/** The dark modules of a QR code as one SVG path (a unit square per module). */
export function qrPath(text: string): { size: number; d: string } {
  const { size, data } = encode(text, { ecc: 'M', border: 2 });
  let d = '';
  data.forEach((row, y) =>
    row.forEach((isDark, x) => {
      if (isDark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return { size, d };
}

/**
 * A QR code drawn in the page, so it shows without reaching LINE's servers (the product runs offline
 * against the simulator); it encodes the same add-friend URL as LINE's own QR image.
 */
export function QrCodeImage({ value, label, size = 152 }: { value: string; label: string; size?: number }) {
  const { size: modules, d } = useMemo(() => qrPath(value), [value]);
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      sx={{ width: size, height: size, display: 'block', bgcolor: '#fff' }}
    >
      <path d={d} fill="#000" />
    </Box>
  );
}
