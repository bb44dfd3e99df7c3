/**
 * How long to wait before starting the embedded server again after it ended on its own:
 * 1 s, 2 s, 4 s … at most 30 s, so a server that cannot start does not spin. A server that
 * ran for a minute counts as healthy again, and its next restart starts over at 1 s.
 */
export function restartDelayMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
}

export const HEALTHY_AFTER_MS = 60_000;

/** The next attempt number, given how long the server ran before it ended. */
export function nextAttempt(previousAttempt: number, ranForMs: number): number {
  return ranForMs >= HEALTHY_AFTER_MS ? 0 : previousAttempt + 1;
}

/** What the status bar says while the embedded server is down. */
export function restartMessage(delayMs: number): string {
  return `The demo Quoting API stopped; starting it again in ${Math.round(delayMs / 1000)} s. Your edits are kept on this computer.`;
}
