/**
 * Waits between install-status requests on the Sites page (contract "Limits",
 * recommended client behaviour): 2, 4 and 8 seconds, then every 15 seconds, for at most
 * two minutes in all (the last request goes out at 119 s). Polling stops earlier on
 * `receiving` or `rejected`; then the page offers "Check again".
 */
export function installPollDelaysS(): number[] {
  const delays = [2, 4, 8];
  let elapsed = 14;
  while (elapsed + 15 <= 120) {
    delays.push(15);
    elapsed += 15;
  }
  return delays;
}

/** Statuses that end polling: the snippet works, or a refusal needs the merchant. */
export const INSTALL_POLL_FINAL: readonly string[] = ["receiving", "rejected"];
