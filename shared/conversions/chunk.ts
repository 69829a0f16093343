// D1 binds at most 100 parameters per statement
// (https://developers.cloudflare.com/d1/platform/limits/), so IN-lists are split.
export const D1_IN_LIST_CHUNK = 90;

export function chunk<T>(items: readonly T[], size = D1_IN_LIST_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
