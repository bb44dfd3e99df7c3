import fs from 'node:fs';
import path from 'node:path';

import type { Logger, LogLevel } from '../services/ports';
import { createAppender } from './append-file';

export type { Logger, LogLevel };

// Keys whose values never reach the log, wherever they appear (docs/architecture.md#conventions: no secret in a log).
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

const REQUEST = /^(GET|POST|PUT|PATCH|DELETE) (\/[^\s:]*): (.*)$/s;
const OUR_WORDS =
  /^(\d{3} [A-Z][A-Z0-9_]*|no answer within \d+ ms|cancelled|download larger than \d+ bytes, stopped)\b/;
const FIELD = /^([A-Za-z_][\w.[\]]*): /;

/**
 * What of a message about a quote may go to the log: the request and the error's code, the
 * field a refusal names — never free text. A server's words or ours may name a client, an
 * attachment file, an address ("attachments[0]: Northwind offer.pdf has the same content as
 * …"); the UI shows them in full, the log file does not. A network error keeps its system code.
 */
export function loggableMessage(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const req = REQUEST.exec(message);
  if (req) {
    const [, method, route, rest = ''] = req;
    const ours = OUR_WORDS.exec(rest);
    if (ours) return `${method} ${route}: ${ours[1]}`;
    if (rest.startsWith('network error')) {
      const code = /\b(E[A-Z0-9]{3,}|UND_ERR_[A-Z_]+)\b/.exec(rest);
      return `${method} ${route}: network error${code ? ` ${code[1]}` : ''}`;
    }
    return `${method} ${route}: [text not logged]`;
  }
  const field = FIELD.exec(message);
  return field ? `${field[1]}: [text not logged]` : '[text not logged]';
}

export interface FileLoggerOptions {
  /** Also write warnings and errors to stderr. */
  echo?: boolean;
  /** Size at which the log is rotated (default 5 MiB). */
  maxBytes?: number;
  /** Rotated files kept beside the current one: quotedesk.log.1 (newest) … .N (default 3). */
  keep?: number;
}

export const LOG_FILE_NAME = 'quotedesk.log';

/**
 * JSON lines in `<logsDir>/quotedesk.log`, rotated by size so a long-running app never
 * fills the disk: past `maxBytes` the file becomes `.1`, `.1` becomes `.2` …, the oldest
 * beyond `keep` is dropped.
 */
export function createFileLogger(logsDir: string, options: FileLoggerOptions = {}): Logger {
  fs.mkdirSync(logsDir, { recursive: true, mode: 0o700 });
  const file = path.join(logsDir, LOG_FILE_NAME);
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const keep = Math.max(1, options.keep ?? 3);
  // A full disk (or a folder made read-only) stops the log, said once on stderr and in the
  // log itself once it can write again: the app goes on, the lines meanwhile are counted.
  const appender = createAppender(file, {
    onStop: (code) =>
      process.stderr.write(`Quotedesk's log stopped writing (${code}); it resumes when it can.\n`),
    onResume: (dropped) => log('warn', 'log.resumed', { dropped }),
  });
  const rotate = () => {
    try {
      fs.rmSync(`${file}.${keep}`, { force: true });
      for (let i = keep - 1; i >= 1; i--) {
        if (fs.existsSync(`${file}.${i}`)) fs.renameSync(`${file}.${i}`, `${file}.${i + 1}`);
      }
      if (fs.existsSync(file)) fs.renameSync(file, `${file}.1`);
      appender.reset();
    } catch {
      // Rotation waits for the next line: the disk or the folder is not writable right now.
    }
  };
  const log = (level: LogLevel, event: string, fields: Record<string, unknown> = {}) => {
    const line = JSON.stringify({
      time: new Date().toISOString(),
      level,
      event,
      ...(redact(fields) as object),
    });
    const bytes = Buffer.byteLength(line) + 1;
    if (appender.size > 0 && appender.size + bytes > maxBytes) rotate();
    appender.write(line + '\n');
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
