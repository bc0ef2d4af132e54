/**
 * Stripe's request encoding: application/x-www-form-urlencoded with bracket nesting, as the SDK writes it
 * (`items[0][price]=price_1`, `metadata[key]=v`, `expand[0]=latest_invoice`). Query strings of GET calls
 * use the same notation. Values stay strings; each route converts what it reads.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

const keyPath = (raw: string): string[] => {
  const first = raw.indexOf('[');
  if (first < 0) return [raw];
  const parts = [raw.slice(0, first)];
  const re = /\[([^\]]*)\]/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(raw.slice(first)))) parts.push(match[1] ?? '');
  return parts;
};

export const parseStripeForm = (text: string): FormObject => {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = keyPath(rawKey);
    if (path.some((p) => FORBIDDEN.has(p))) continue;
    let node: Record<string, FormValue> = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (last) {
        node[key] = value;
        return;
      }
      const existing = node[key];
      if (typeof existing !== 'object' || existing === null) node[key] = {};
      node = node[key] as Record<string, FormValue>;
    });
  }
  return toArrays(root) as FormObject;
};

/** Objects whose keys are exactly 0..n-1 become arrays (`expand[0]`, `items[1][price]`). */
const toArrays = (value: FormValue): FormValue => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(toArrays);
  const keys = Object.keys(value);
  const converted: Record<string, FormValue> = {};
  for (const k of keys) converted[k] = toArrays(value[k] as FormValue);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return keys.map((k) => converted[k]!);
  return converted;
};
