// Appending to a log file on a laptop's disk, which fills up and comes back: a write that fails
// (ENOSPC, a read-only folder, the file removed) stops the file's writing — said once — and
// nothing is thrown at the caller; after a pause it is tried again, and the first write that
// goes through says how many lines were missed. A stream would raise an `error` event nobody
// can answer from inside a pipe (the one that ended the app on a full disk).
import fs from 'node:fs';

export interface Appender {
  /** Appends `text`; never throws. */
  write(text: string | Buffer): void;
  /** Bytes in the file as far as this appender knows (for rotation). */
  readonly size: number;
  /** The file was rotated or truncated elsewhere: count from 0 again. */
  reset(): void;
}

export interface AppenderOptions {
  /** Called once when writing stops, with the error's code (`ENOSPC`…). */
  onStop?: (code: string) => void;
  /** Called when writing works again, with how many writes were dropped meanwhile. */
  onResume?: (dropped: number) => void;
  /** How long after a failed write the next is tried (default 5 s). */
  retryMs?: number;
  now?: () => number;
}

export function createAppender(file: string, opts: AppenderOptions = {}): Appender {
  const now = opts.now ?? Date.now;
  const retryMs = opts.retryMs ?? 5_000;
  let size = 0;
  try {
    size = fs.statSync(file).size;
  } catch {
    size = 0;
  }
  let stoppedAt: number | null = null;
  let dropped = 0;
  return {
    write(text) {
      if (stoppedAt !== null && now() - stoppedAt < retryMs) {
        dropped++;
        return;
      }
      try {
        fs.appendFileSync(file, text, { mode: 0o600 });
        size += typeof text === 'string' ? Buffer.byteLength(text) : text.length;
        if (stoppedAt !== null) {
          stoppedAt = null;
          const missed = dropped;
          dropped = 0;
          opts.onResume?.(missed);
        }
      } catch (error) {
        dropped++;
        const first = stoppedAt === null;
        stoppedAt = now();
        if (first) opts.onStop?.(String((error as { code?: unknown }).code ?? 'EIO'));
      }
    },
    get size() {
      return size;
    },
    reset() {
      size = 0;
    },
  };
}
