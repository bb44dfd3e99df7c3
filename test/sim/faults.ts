// The simulation's fault injector and crash injector. The real server and the real store
// do the work; these only decide, from the seeded random source, when a call is dropped, its
// answer lost after the server committed, timed out, answered 5xx or 429 — and when the
// app "crashes" (at a journal boundary or at a random point): from then on every call of
// that life throws, and the harness closes the database and starts a new engine on it.
// Each seed also dies once at one boundary chosen by the seed (BOUNDARY_TARGETS, in turn),
// so that a run of as many seeds crashes at every boundary, before and after it.
import { ApiError, NetworkError, TimeoutError } from '../../main/api';
import type { SyncApi, SyncStore } from '../../main/sync';
import type { Rng } from './rng';

export class Crash extends Error {
  constructor(where: string) {
    super(`simulated crash: ${where}`);
    this.name = 'Crash';
  }
}

export interface FaultRates {
  /** Per call: the request never reaches the server. */
  drop: number;
  /** Per call: the server commits, the answer is lost (network error or timeout). */
  lost: number;
  /** Per call: a timeout with no way to tell whether it arrived (either way). */
  timeout: number;
  /** Per call: 503 (half of them after the server already committed). */
  error5xx: number;
  /** Per call: 429 Too Many Requests with Retry-After. */
  tooMany: number;
  /** Per call: the app dies before or after the call. */
  crashAtCall: number;
  /** Per journal / commit boundary of the store: the app dies there. */
  crashAtBoundary: number;
  /** Per call: the user edits locally while the call is on its way (edits during a push). */
  editDuringCall: number;
  /** Per change call: the second user edits on the server just before it is sent (while a
   * push is under way). Changes only: they go one at a time, so the edit replays exactly;
   * reads go three at once. */
  remoteEditDuringCall: number;
}

export const NO_FAULTS: FaultRates = {
  drop: 0,
  lost: 0,
  timeout: 0,
  error5xx: 0,
  tooMany: 0,
  crashAtCall: 0,
  crashAtBoundary: 0,
  editDuringCall: 0,
  remoteEditDuringCall: 0,
};

export const FAULT_KINDS = ['dropped', 'lost answer', 'timeout', '5xx', '429'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Store calls at which the app may die: journal writes, id map, commits. (The store's
 * planRequest is not among them: the engine journals only through planRequestDurable.) */
export const BOUNDARIES = [
  'planRequestDurable',
  'markRequest',
  'removeRequest',
  'mapId',
  'commitSync',
  'replaceWork',
  'importRemote',
  'recordConflicts',
  'replaceConflicts',
  'purgeQuote',
] as const;
export type Boundary = (typeof BOUNDARIES)[number];

export interface Target {
  boundary: Boundary;
  side: 'before' | 'after';
}

/** Every boundary, before and after: a seed's targeted crash site is the seed's turn. */
export const BOUNDARY_TARGETS: Target[] = BOUNDARIES.flatMap((boundary) => [
  { boundary, side: 'before' as const },
  { boundary, side: 'after' as const },
]);

export const siteOf = (t: Target) => `${t.side} store.${t.boundary}`;

export function targetOf(seed: number): Target {
  const n = BOUNDARY_TARGETS.length;
  return BOUNDARY_TARGETS[((seed % n) + n) % n]!;
}

/** What a user checking the server sees of the creates sent: for each create kind (op and
 * quote server id, or op and client id), whether the last call applied; and every quote
 * a create made. */
export class Landed {
  readonly last = new Map<string, boolean>();
  readonly quotes = new Set<string>();
}

/** What the lives of one seed share: counts for the summary, the seed's targeted boundary,
 * and faults or edits the scenario asks for at the next call. */
export class Trail {
  readonly faults = new Map<FaultKind, number>(FAULT_KINDS.map((k) => [k, 0]));
  targetHit = false;
  /** The next call this matches loses its answer after the server applied it. */
  loseNext: ((name: string, args: unknown[]) => boolean) | null = null;
  /** Run at the next change call that names a quote (its server id), before it is sent. */
  atNextChange: ((serverId: string) => void) | null = null;
  readonly landed = new Landed();
  constructor(readonly target: Target) {}

  fault(kind: FaultKind): void {
    this.faults.set(kind, (this.faults.get(kind) ?? 0) + 1);
  }
}

/** One run of the app between crashes. */
export class Life {
  dead = false;
  crashes: string[] = [];
  /** The user's own edit, run while a call is under way. */
  userEdit: (() => void) | null = null;
  /** The second user's edit on the server, run before a change call of a push is sent
   * (the server id of the quote being pushed, when the call names one). */
  remoteEdit: ((serverId: string | null) => Promise<void>) | null = null;
  private inflight = new Set<Promise<unknown>>();
  constructor(
    readonly rng: Rng,
    public rates: FaultRates,
    readonly log: string[],
    readonly trail: Trail,
  ) {}

  die(where: string): never {
    this.dead = true;
    this.crashes.push(where);
    this.log.push(`CRASH ${where}`);
    throw new Crash(where);
  }

  track<T>(p: Promise<T>): Promise<T> {
    this.inflight.add(p);
    void p.finally(() => this.inflight.delete(p)).catch(() => undefined);
    return p;
  }

  /** Requests already on the wire when the app died still reach the server. */
  async settle(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }
}

const READS = new Set([
  'listQuotes',
  'getQuote',
  'getSections',
  'getAccessList',
  'quoteAttachmentBytes',
]);

const CREATES = new Set([
  'createQuote',
  'addLineItems',
  'createSection',
  'addAccessList',
  'uploadQuoteAttachments',
  'copyLibraryAttachmentsToQuote',
]);

export function landedKey(op: string, args: unknown[]): string {
  return op === 'createQuote'
    ? `${op}:${(args[0] as { clientId: string }).clientId}`
    : `${op}:${String(args[0])}`;
}

export function faultyApi(real: SyncApi, life: Life): SyncApi {
  const { trail } = life;
  const landed = trail.landed;
  return new Proxy(real, {
    get(target, key) {
      const fn = target[key as keyof SyncApi] as unknown;
      if (typeof fn !== 'function') return fn;
      const name = String(key);
      return async (...args: unknown[]) => {
        if (life.dead) throw new Crash(`${name} after death`);
        const r = life.rates;
        const roll = life.rng.next();
        const route = name;
        if (CREATES.has(name)) landed.last.set(landedKey(name, args), false);
        const call = () => {
          const p = life.track((fn as (...a: unknown[]) => Promise<unknown>).apply(target, args));
          if (CREATES.has(name))
            void p.then(
              (out) => {
                landed.last.set(landedKey(name, args), true);
                if (name === 'createQuote') landed.quotes.add((out as { id: string }).id);
              },
              () => undefined,
            );
          if (life.userEdit && r.editDuringCall > 0 && life.rng.next() < r.editDuringCall) {
            life.log.push(`user edits during ${name}`);
            life.userEdit();
          }
          return p;
        };
        const change = !READS.has(name);
        const quoteSid = change && typeof args[0] === 'string' ? args[0] : null;
        if (quoteSid && trail.atNextChange) {
          const edit = trail.atNextChange;
          trail.atNextChange = null;
          edit(quoteSid);
        }
        if (change && life.remoteEdit && r.remoteEditDuringCall > 0) {
          if (life.rng.next() < r.remoteEditDuringCall) {
            life.log.push(`remote edit during ${name}`);
            await life.remoteEdit(quoteSid);
          }
        }
        // The server takes the call; its answer never arrives.
        const loseAnswer = async (why: string): Promise<never> => {
          trail.fault('lost answer');
          life.log.push(why);
          await call().catch(() => undefined);
          throw new NetworkError(
            `${name}: connection reset after sending (simulated)`,
            'POST',
            route,
            'ECONNRESET',
            false,
          );
        };
        if (trail.loseNext?.(name, args)) {
          trail.loseNext = null;
          await loseAnswer(`lost ${name} (asked for)`);
        }
        let edge = 0;
        const is = (p: number) => roll >= edge && roll < (edge += p);
        if (is(r.crashAtCall / 2)) life.die(`before ${name}`);
        if (is(r.crashAtCall / 2)) {
          await call().catch(() => undefined);
          life.die(`after ${name} (server answered)`);
        }
        if (is(r.drop)) {
          life.log.push(`drop ${name}`);
          trail.fault('dropped');
          throw new NetworkError(
            `${name}: connection reset (simulated)`,
            'POST',
            route,
            'ECONNRESET',
            false,
          );
        }
        if (is(r.lost)) await loseAnswer(`lost ${name}`);
        if (is(r.timeout)) {
          life.log.push(`timeout ${name}`);
          trail.fault('timeout');
          if (life.rng.next() < 0.5) await call().catch(() => undefined);
          throw new TimeoutError('POST', route, 30_000);
        }
        if (is(r.error5xx)) {
          life.log.push(`503 ${name}`);
          trail.fault('5xx');
          if (!READS.has(name) && life.rng.next() < 0.5) await call().catch(() => undefined);
          throw new ApiError(
            503,
            'UNKNOWN_ERROR',
            [],
            'Service unavailable (simulated)',
            'POST',
            route,
          );
        }
        if (is(r.tooMany)) {
          life.log.push(`429 ${name}`);
          trail.fault('429');
          throw new ApiError(
            429,
            'UNKNOWN_ERROR',
            [],
            'Too many requests (simulated)',
            'POST',
            route,
            1,
          );
        }
        const out = await call();
        if (life.dead) throw new Crash(`${name} answered after death`);
        return out;
      };
    },
  });
}

const BOUNDARY_SET = new Set<string>(BOUNDARIES);

export function crashingStore(real: SyncStore, life: Life): SyncStore {
  return crashingObject(real, life);
}

/** The store and its sides (`store.sync`, `store.caches`): every method may die at a boundary. */
function crashingObject<T extends object>(real: T, life: Life): T {
  const sides = new Map<PropertyKey, unknown>();
  return new Proxy(real, {
    get(target, key) {
      const v = Reflect.get(target, key, target) as unknown;
      if ((key === 'sync' || key === 'caches') && v && typeof v === 'object') {
        if (!sides.has(key)) sides.set(key, crashingObject(v, life));
        return sides.get(key);
      }
      if (typeof v !== 'function') return v;
      const name = String(key);
      return (...args: unknown[]) => {
        if (life.dead) throw new Crash(`store.${name} after death`);
        if (BOUNDARY_SET.has(name)) {
          const { trail } = life;
          // The seed's own boundary: die at its first call.
          if (trail.target.boundary === name && !trail.targetHit) {
            trail.targetHit = true;
            if (trail.target.side === 'before') life.die(`before store.${name} (targeted)`);
            (v as (...a: unknown[]) => unknown).apply(target, args);
            life.die(`after store.${name} (targeted)`);
          }
          const roll = life.rng.next();
          if (roll < life.rates.crashAtBoundary / 2) life.die(`before store.${name}`);
          const out = (v as (...a: unknown[]) => unknown).apply(target, args);
          if (roll >= 1 - life.rates.crashAtBoundary / 2) life.die(`after store.${name}`);
          return out;
        }
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
