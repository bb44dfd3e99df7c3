import fs from 'node:fs';
import path from 'node:path';

export type LogLevel = 'info' | 'warn' | 'error';
export interface Logger {
  log(level: LogLevel, event: string, fields?: Record<string, unknown>): void;
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

// Keys whose values never reach the log, wherever they appear (DESIGN.md §5: no secret in a log).
const SECRET_KEYS = /secret|token|password|authorization|credential/i;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEYS.test(k) ? '[redacted]' : redact(v, depth + 1);
  }
  return out;
}

/** JSON lines in `<logsDir>/quotedesk.log`; also to stderr when `echo` is set. */
export function createFileLogger(logsDir: string, options: { echo?: boolean } = {}): Logger {
  fs.mkdirSync(logsDir, { recursive: true });
  const file = path.join(logsDir, 'quotedesk.log');
  const log = (level: LogLevel, event: string, fields: Record<string, unknown> = {}) => {
    const line = JSON.stringify({
      time: new Date().toISOString(),
      level,
      event,
      ...(redact(fields) as object),
    });
    try {
      fs.appendFileSync(file, line + '\n');
    } catch {
      // A full disk must not take the app down with it.
    }
    if (options.echo && level !== 'info') process.stderr.write(line + '\n');
  };
  return {
    log,
    info: (e, f) => log('info', e, f),
    warn: (e, f) => log('warn', e, f),
    error: (e, f) => log('error', e, f),
  };
}

export const silentLogger: Logger = { log() {}, info() {}, warn() {}, error() {} };

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, name: error.name, stack: error.stack };
  return { error: String(error) };
}
