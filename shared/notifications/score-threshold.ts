// The workspace's score threshold (docs/decisions.md "Notifications"): a whole number on
// the scanner's 0-100 scale, typed into a form.

export type ThresholdParse = { ok: true; value: number } | { ok: false; message: string };

export function parseThreshold(raw: string): ThresholdParse {
  const text = raw.trim();
  if (!/^\d{1,3}$/.test(text) || Number(text) > 100) {
    return { ok: false, message: "The score threshold is a whole number from 0 to 100." };
  }
  return { ok: true, value: Number(text) };
}
