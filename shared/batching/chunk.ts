/** `items` in consecutive slices of at most `size` (D1 IN-lists, queue sendBatch). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
