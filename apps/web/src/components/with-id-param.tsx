import type { ReactNode } from 'react';
import { useIdParam } from '../lib/use-id-param.ts';
import { NotFoundPage } from './not-found-page.tsx';

/** Renders a page with the route's numeric `:id`; anything else in its place is a 404. */
export function WithIdParam({ render }: { render: (id: number) => ReactNode }) {
  const id = useIdParam();
  return id === undefined ? <NotFoundPage embedded /> : render(id);
}
