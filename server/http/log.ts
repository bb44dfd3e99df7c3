/**
 * Structured logs, one JSON object a line, to stderr (stdout carries only the ready line).
 * Callers pass fields they chose; nothing here reads headers or bodies, so no token, secret or
 * file content can reach a log.
 *
 * Request lines are buffered and written once per turn of the event loop: under load a write
 * per request costs a system call each (and blocks when stderr is a pipe), which showed up in
 * every response time. Other events flush at once, so they and everything before them are out
 * before the process acts on them (e.g. exits).
 */
import { writeSync } from 'node:fs';

let pending: string[] = [];
let scheduled = false;

function flush(): void {
  scheduled = false;
  if (pending.length === 0) return;
  const chunk = pending.join('');
  pending = [];
  process.stderr.write(chunk);
}

// Whatever is still buffered when the process exits goes out synchronously.
process.once('exit', () => {
  if (pending.length === 0) return;
  try {
    writeSync(2, pending.join(''));
  } catch {
    // stderr is gone; nothing left to tell
  }
  pending = [];
});

export function log(
  level: 'info' | 'warn' | 'error',
  event: string,
  fields: Record<string, unknown> = {},
): void {
  pending.push(`${JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })}\n`);
  if (event !== 'request') {
    flush();
    return;
  }
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
}
