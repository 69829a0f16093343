/**
 * A count with its noun in the number it takes: "1 page", "2 pages", "0 sessions". Pages,
 * mail and CSV notes say counts in words, so "1 pages" never reaches a merchant.
 */
export function countText(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
