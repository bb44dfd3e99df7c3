// The last line of defence of the process that runs the core (browser mode's core process,
// Electron's main): an error that escaped every guard below — a timer, a listener, a stream's
// `error` event nobody handled — is logged without its words (they may name a client), said
// to the salesperson once, and the process goes on answering. A fault that keeps coming back
// (a loop we cannot stop from here) is not left to spin: the owner restarts the core and says
// why. docs/architecture.md#faults.
import type { Logger } from './log';

/** What the UI is told about a fault (the `app.fault` event). */
export interface FaultNotice {
  message: string;
  /** The core is being restarted: calls wait a few seconds. */
  restarting: boolean;
}

export interface FaultGuardOptions {
  log: Logger;
  /** Tells the UI (the hub's `app.fault`). Called once per kind of fault, and on a restart. */
  notify: (notice: FaultNotice) => void;
  /** Continuing is unsafe: restart the core (browser mode) or the app (Electron). */
  restart: (reason: string) => void;
  /** Faults within `windowMs` that make continuing unsafe (default 5 in 60 s). */
  limit?: number;
  windowMs?: number;
  now?: () => number;
}

export const FAULT_MESSAGE =
  'Something went wrong inside Quotedesk. It kept running and your edits are kept; the details ' +
  'are in the log.';
export const RESTART_MESSAGE =
  'Quotedesk ran into the same problem again and again, so it is restarting its core: your ' +
  'edits are kept, and it answers again in a few seconds.';

/** What the log may hold of an error: its kind and where it came from, never its words. */
export function faultFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { kind: typeof error };
  const code = (error as { code?: unknown }).code;
  const frames = (error.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  return {
    name: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    stack: frames.slice(0, 12).join('\n'),
  };
}

/** The key two faults are "the same kind" by: what the salesperson is told is the same. */
function kindOf(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  return `${error.name}:${String((error as { code?: unknown }).code ?? '')}`;
}

export interface FaultGuard {
  /** Reports a fault a guard caught itself (the same path as an uncaught one). */
  report(error: unknown, where: string): void;
  /** Removes the process handlers (tests, a closed app). */
  remove(): void;
}

/** Installs `uncaughtException` / `unhandledRejection` handlers on this process. */
export function installFaultGuard(opts: FaultGuardOptions): FaultGuard {
  const now = opts.now ?? Date.now;
  const limit = opts.limit ?? 5;
  const windowMs = opts.windowMs ?? 60_000;
  const told = new Set<string>();
  let recent: number[] = [];
  let restarting = false;

  const report = (error: unknown, where: string) => {
    try {
      opts.log.error('core.fault', { where, ...faultFields(error) });
      const t = now();
      recent = [...recent.filter((at) => t - at < windowMs), t];
      if (recent.length >= limit && !restarting) {
        restarting = true;
        recent = [];
        opts.log.error('core.restart', { reason: 'repeated_faults', where });
        opts.notify({ message: RESTART_MESSAGE, restarting: true });
        opts.restart('repeated faults');
        restarting = false;
        return;
      }
      const kind = kindOf(error);
      if (told.has(kind)) return;
      told.add(kind);
      opts.notify({ message: FAULT_MESSAGE, restarting: false });
    } catch {
      // The guard itself must never throw back into the event loop.
    }
  };
  const onException = (error: Error) => report(error, 'uncaught_exception');
  const onRejection = (reason: unknown) => report(reason, 'unhandled_rejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return {
    report,
    remove() {
      process.off('uncaughtException', onException);
      process.off('unhandledRejection', onRejection);
    },
  };
}
