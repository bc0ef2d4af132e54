import { useParams } from 'react-router';

/** The numeric `:id` of the route, or undefined when it is not a positive integer. */
export function useIdParam(name = 'id'): number | undefined {
  const raw = useParams()[name];
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
