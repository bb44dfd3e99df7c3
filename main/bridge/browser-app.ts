// Browser mode's app: the core behind the loopback bridge, in one process that no fault ends
// (docs/architecture.md#faults). `npm start` runs it from the sources, `main/browser.ts` is the
// same as a bundle of its own (what the fault suite and the benches start). The bridge outlives
// the core: when continuing is unsafe the core is closed and opened again behind the same
// address and token, calls made meanwhile wait for it, and the page is told why.
import type { Dispatch } from '../services/dispatcher';
import { createCore, EventHub, type Core, type CoreOptions } from '../core';
import { installFaultGuard, type FaultGuard } from '../core/fault-guard';
import { startBridge, type HttpBridge } from './http-bridge';

export interface BrowserAppOptions {
  core: Omit<CoreOptions, 'hub'>;
  /** The built renderer. */
  staticDir?: string;
  port?: number;
  token?: string;
  /** Longest wait for a core still starting before a call is answered "try again" (10 s). */
  callWaitMs?: number;
}

export interface BrowserApp {
  bridge: HttpBridge;
  /** The core now running (a new one after a restart). */
  core(): Core;
  /** Closes the core (its sync step finishing first), then the bridge. */
  close(): Promise<void>;
}

const STARTING =
  'Quotedesk is restarting its core after a problem; try again in a moment. Your edits are kept.';

/** Closes `core`, giving up after `ms`: a core stuck in its fault must not hold up the next. */
async function closeWithin(core: Core, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    core.close().catch(() => {}),
    new Promise<void>((r) => (timer = setTimeout(r, ms))),
  ]);
  clearTimeout(timer);
}

export async function runBrowserApp(opts: BrowserAppOptions): Promise<BrowserApp> {
  const hub = new EventHub();
  let current = await createCore({ ...opts.core, hub });
  // While a restart runs, calls wait for the new core rather than meet a closed store.
  let ready: Promise<Core> = Promise.resolve(current);
  let restarting = false;
  let closing = false;

  const restart = (reason: string) => {
    if (restarting || closing) return;
    restarting = true;
    const old = current;
    ready = (async () => {
      old.log.warn('core.restarting', { reason });
      await closeWithin(old, 5_000);
      // `createCore` can fail too (the disk it needs is gone): try again until it opens.
      for (let attempt = 1; ; attempt++) {
        try {
          current = await createCore({ ...opts.core, hub });
          break;
        } catch (error) {
          guard.report(error, 'core_restart');
          await new Promise((r) => setTimeout(r, Math.min(5_000, 500 * attempt)));
        }
      }
      current.log.info('core.restarted', { reason });
      restarting = false;
      hub.emit('app.fault', {
        message: 'Quotedesk restarted its core and is working again.',
        restarting: false,
      });
      return current;
    })();
  };

  const guard: FaultGuard = installFaultGuard({
    log: {
      log: (l, e, f) => current.log.log(l, e, f),
      info: (e, f) => current.log.info(e, f),
      warn: (e, f) => current.log.warn(e, f),
      error: (e, f) => current.log.error(e, f),
    },
    notify: (notice) => hub.emit('app.fault', notice),
    restart,
  });

  const waitMs = opts.callWaitMs ?? 10_000;
  const dispatch: Dispatch = async (name, input, ctx) => {
    let timer: NodeJS.Timeout | undefined;
    const core = await Promise.race([
      ready,
      new Promise<null>((r) => (timer = setTimeout(() => r(null), waitMs))),
    ]);
    clearTimeout(timer);
    if (!core) return { ok: false, error: { code: 'UNAVAILABLE', message: STARTING } };
    return core.dispatch(name, input, ctx);
  };

  const bridge = await startBridge({
    dispatch,
    hub,
    ...(opts.staticDir ? { staticDir: opts.staticDir } : {}),
    ...(opts.port !== undefined ? { port: opts.port } : {}),
    ...(opts.token ? { token: opts.token } : {}),
    log: current.log,
  });
  return {
    bridge,
    core: () => current,
    async close() {
      closing = true;
      const core = await ready;
      await core.close();
      await bridge.close();
      guard.remove();
    },
  };
}
