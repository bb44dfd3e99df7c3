// Gives back the memory a burst of work left resident. A first sign-in's fill (or any busy sync
// run) allocates fast, and V8 grows its young generation to 32 MB for it; once the burst is
// over that space stays committed and resident though nothing lives in it — V8 shrinks it only
// in a full collection made while little is being allocated, and an app that is merely quiet
// does not make one by itself (measured: 40 s idle after a 1,000-quote fill, the core's RSS
// stayed 146 MB; one full collection then brought it to 120 MB). So the core looks every
// 10 s, and makes one full collection only when the young generation is larger than a quiet
// app needs.
import v8 from 'node:v8';
import vm from 'node:vm';

/** How often the young generation is looked at. */
export const QUIET_MS = 10_000;
/** A young generation above this is the remains of a burst (a quiet core needs 1–2 MB). */
const YOUNG_LIMIT = 8 * 2 ** 20;

type Gc = () => void;
let gcFn: Gc | null | undefined;

/**
 * V8's own full collection: `global.gc` where the process was started with `--expose-gc`,
 * else the same function from a fresh context once the flag is set (the app's process is not
 * started with flags of ours). Null where neither works.
 */
function collector(): Gc | null {
  if (gcFn !== undefined) return gcFn;
  const global = (globalThis as { gc?: Gc }).gc;
  if (typeof global === 'function') return (gcFn = global);
  try {
    v8.setFlagsFromString('--expose-gc');
    const fn = vm.runInNewContext('gc') as unknown;
    gcFn = typeof fn === 'function' ? (fn as Gc) : null;
  } catch {
    gcFn = null;
  }
  return gcFn;
}

function youngBytes(): number {
  return (
    v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.physical_space_size ?? 0
  );
}

/**
 * Every `everyMs`, a young generation larger than a quiet app needs is collected once. A
 * collection made while allocation is still brisk frees the garbage but keeps the space: then
 * the next check is skipped, then two (a busy core is collected at most every 30 s for
 * nothing). Returns the stop.
 */
export function trimHeapWhenQuiet(everyMs = QUIET_MS): () => void {
  let skip = 0;
  let backoff = 0;
  const timer = setInterval(() => {
    if (skip > 0) {
      skip--;
      return;
    }
    if (youngBytes() <= YOUNG_LIMIT) return;
    const gc = collector();
    if (!gc) return clearInterval(timer);
    gc();
    if (youngBytes() <= YOUNG_LIMIT) backoff = 0;
    else skip = backoff = Math.min(2, backoff + 1);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
