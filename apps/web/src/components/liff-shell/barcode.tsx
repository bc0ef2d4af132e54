import { code128Widths } from './code128.ts';

/** A Code 128 barcode as SVG, with the quiet zones scanners need. */
export function Barcode({ value, height = 80, label }: { value: string; height?: number; label: string }) {
  const widths = code128Widths(value);
  const quiet = 10;
  let x = quiet;
  const bars: { x: number; w: number }[] = [];
  widths.forEach((w, i) => {
    if (i % 2 === 0) bars.push({ x, w });
    x += w;
  });
  const total = x + quiet;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${total} ${height}`}
      width="100%"
      height={height}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
    >
      <rect width={total} height={height} fill="#fff" />
      {bars.map((b) => (
        <rect key={b.x} x={b.x} y={0} width={b.w} height={height} fill="#000" />
      ))}
    </svg>
  );
}
