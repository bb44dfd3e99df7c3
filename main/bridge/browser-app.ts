// Browser mode's app: the core behind the loopback bridge, in one process that no fault ends
// (docs/architecture.md#faults). `npm start` runs it from the sources, `main/browser.ts` is the
// same as a bundle of its own (what the fault suite and the benches start). The bridge outlives
// the core: when continuing is unsafe the core is closed and opened again behind the same
// address and token, calls made meanwhile wait for it, and the page is told why.
//
// At start the bridge listens first, with only its own modules loaded: the page loads its HTML
// and scripts while the core's modules are loaded and the core opens (`page-served.ts` says
// when), and its first call waits for the core. The first row is on screen as soon as the
// longer of the two is done, not after both.
import type { Dispatch } from '../services/dispatcher';
import type { Core, CoreOptions } from '../core';
import { EventHub } from '../core/event-hub';
import { installFaultGuard, type FaultGuard } from '../core/fault-guard';
import type { Logger } from '../core/log';
import { startBridge, type HttpBridge } from './http-bridge';

export interface BrowserAppOptions {
  core: Omit<CoreOptions, 'hub'>;
  /** The built renderer. */
  staticDir?: string;
  port?: number;
  token?: string;
  /** Longest wait for a core restarting before a call is answered "try again" (10 s). */
  callWaitMs?: number;
  /** Called once the bridge listens, before the core is open: the page can be opened then. */
  onListening?: (bridge: HttpBridge) => void;
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

/** main/core's modules, loaded when the core is first needed (the bridge listens without them). */
const loadCore = () => import('../core/core');

// long: the app's two starts (the first, then a restart after a fault) share the current core and its waiting calls
export async function runBrowserApp(opts: BrowserAppOptions): Promise<BrowserApp> {
  const hub = new EventHub();
  let current: Core | null = null;
  // What is logged before the first core is open goes nowhere: the log is the core's file.
  const log: Logger = {
    log: (l, e, f) => current?.log.log(l, e, f),
    info: (e, f) => current?.log.info(e, f),
    warn: (e, f) => current?.log.warn(e, f),
    error: (e, f) => current?.log.error(e, f),
  };
  // The first core loads once the page has its files (or a call needs it): see the top.
  let wanted: () => void = () => {};
  const coreWanted = new Promise<void>((r) => (wanted = r));
  const first = coreWanted.then(async () => (await loadCore()).createCore({ ...opts.core, hub }));
  // While a restart runs, calls wait for the new core rather than meet a closed store.
  let ready: Promise<Core> = first;
  let restarting = false;
  let closing = false;

  const restart = (reason: string) => {
    if (restarting || closing || !current) return;
    restarting = true;
    const old = current;
    ready = (async () => {
      old.log.warn('core.restarting', { reason });
      await closeWithin(old, 5_000);
      // `createCore` can fail too (the disk it needs is gone): try again until it opens.
      let next: Core;
      for (let attempt = 1; ; attempt++) {
        try {
          next = await (await loadCore()).createCore({ ...opts.core, hub });
          break;
        } catch (error) {
          guard.report(error, 'core_restart');
          await new Promise((r) => setTimeout(r, Math.min(5_000, 500 * attempt)));
        }
      }
      current = next;
      next.log.info('core.restarted', { reason });
      restarting = false;
      hub.emit('app.fault', {
        message: 'Quotedesk restarted its core and is working again.',
        restarting: false,
      });
      return next;
    })();
  };

  const waitMs = opts.callWaitMs ?? 10_000;
  const dispatch: Dispatch = async (name, input, ctx) => {
    wanted();
    // The first start is waited for however long it takes (a first encryption of a large
    // store); a restart only so long.
    if (!restarting) return (await ready).dispatch(name, input, ctx);
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
    log,
    onPageServed: () => wanted(),
  });
  // With no page to be opened now, nothing to wait for.
  if (opts.onListening) opts.onListening(bridge);
  else wanted();
  try {
    current = await first;
  } catch (error) {
    await bridge.close();
    throw error;
  }
  const opened = current;
  // Said by the bridge before there was a log to say it in.
  opened.log.info('bridge.listening', { origin: bridge.origin });

  const guard: FaultGuard = installFaultGuard({
    log,
    notify: (notice) => hub.emit('app.fault', notice),
    restart,
  });

  return {
    bridge,
    core: () => current ?? opened,
    async close() {
      closing = true;
      const core = await ready;
      await core.close();
      await bridge.close();
      guard.remove();
    },
  };
}
