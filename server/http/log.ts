/**
 * Structured logs, one JSON object a line, to stderr (stdout carries only the ready line).
 * Callers pass fields they chose; nothing here reads headers or bodies, so no token, secret or
 * file content can reach a log.
 */
export function log(
  level: 'info' | 'warn' | 'error',
  event: string,
  fields: Record<string, unknown> = {},
): void {
  process.stderr.write(
    `${JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })}\n`,
  );
}
