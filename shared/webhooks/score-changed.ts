// The one event monitors send (contract "Events": webhook `score.changed`).
export const SCORE_CHANGED = "score.changed";

export interface ScoreChangedPayload {
  event: typeof SCORE_CHANGED;
  domain: string;
  oldScore: number;
  newScore: number;
  /** RFC 3339: when the change was detected. */
  timestamp: string;
}

export function scoreChangedPayload(
  domain: string,
  oldScore: number,
  newScore: number,
  detectedAt: number,
): ScoreChangedPayload {
  return { event: SCORE_CHANGED, domain, oldScore, newScore, timestamp: new Date(detectedAt).toISOString() };
}
