// The simulation's fault injector and crash injector. The real server and the real store
// do the work; these only decide, from the seeded random source, when a call is dropped, its
// answer lost after the server committed, timed out, answered 5xx or 429 — and when the
// app "crashes" (at a journal boundary or at a random point): from then on every call of
// that life throws, and the harness closes the database and starts a new engine on it.
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
};

/** One run of the app between crashes. */
export class Life {
  dead = false;
  crashes: string[] = [];
  /** Store boundaries passed so far, and the one (if any) at which this life must die. */
  boundaries = 0;
  dieAtBoundary: number | null = null;
  /** The user's own edit, run while a call is under way. */
  userEdit: (() => void) | null = null;
  private inflight = new Set<Promise<unknown>>();
  constructor(
    readonly rng: Rng,
    public rates: FaultRates,
    readonly log: string[],
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
  'downloadQuoteAttachment',
]);

const CREATES = new Set([
  'createQuote',
  'addLineItems',
  'createSection',
  'addAccessList',
  'uploadQuoteAttachments',
  'copyLibraryAttachmentsToQuote',
]);

/** Which call of a create kind last reached the server and was applied (key: op and quote
 * server id, or op and client id for a quote create): what a user checking the server sees. */
export type Landed = Map<string, boolean>;

export function landedKey(op: string, args: unknown[]): string {
  return op === 'createQuote'
    ? `${op}:${(args[0] as { clientId: string }).clientId}`
    : `${op}:${String(args[0])}`;
}

export function faultyApi(real: SyncApi, life: Life, landed: Landed = new Map()): SyncApi {
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
        if (CREATES.has(name)) landed.set(landedKey(name, args), false);
        const call = () => {
          const p = life.track((fn as (...a: unknown[]) => Promise<unknown>).apply(target, args));
          if (CREATES.has(name))
            void p.then(
              () => landed.set(landedKey(name, args), true),
              () => undefined,
            );
          if (life.userEdit && r.editDuringCall > 0 && life.rng.next() < r.editDuringCall) {
            life.log.push(`user edits during ${name}`);
            life.userEdit();
          }
          return p;
        };
        let edge = 0;
        const is = (p: number) => roll >= edge && roll < (edge += p);
        if (is(r.crashAtCall / 2)) life.die(`before ${name}`);
        if (is(r.crashAtCall / 2)) {
          await call().catch(() => undefined);
          life.die(`after ${name} (server answered)`);
        }
        if (is(r.drop)) {
          life.log.push(`drop ${name}`);
          throw new NetworkError(
            `${name}: connection reset (simulated)`,
            'POST',
            route,
            'ECONNRESET',
            false,
          );
        }
        if (is(r.lost)) {
          life.log.push(`lost ${name}`);
          await call().catch(() => undefined);
          throw new NetworkError(
            `${name}: connection reset after sending (simulated)`,
            'POST',
            route,
            'ECONNRESET',
            false,
          );
        }
        if (is(r.timeout)) {
          life.log.push(`timeout ${name}`);
          if (life.rng.next() < 0.5) await call().catch(() => undefined);
          throw new TimeoutError('POST', route, 30_000);
        }
        if (is(r.error5xx)) {
          life.log.push(`503 ${name}`);
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

/** Store calls at which the app may die: journal writes, id map, commits. */
const BOUNDARIES = new Set([
  'planRequest',
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
]);

export function crashingStore(real: SyncStore, life: Life): SyncStore {
  return new Proxy(real, {
    get(target, key) {
      const v = Reflect.get(target, key, target) as unknown;
      if (typeof v !== 'function') return v;
      const name = String(key);
      return (...args: unknown[]) => {
        if (life.dead) throw new Crash(`store.${name} after death`);
        if (BOUNDARIES.has(name)) {
          if (life.dieAtBoundary !== null && life.boundaries++ === life.dieAtBoundary) {
            life.dieAtBoundary = null;
            if (life.rng.next() < 0.5) life.die(`before store.${name} (targeted)`);
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
