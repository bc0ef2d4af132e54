import Link from '@mui/material/Link';
import { Fragment } from 'react';

const urlPattern = /(https?:\/\/[^\s<>"')]+)/g;

/** Plain mail text with its URLs made clickable (no HTML is ever injected). */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(urlPattern);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Link key={i} href={part} sx={{ wordBreak: 'break-all' }}>
            {part}
          </Link>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
