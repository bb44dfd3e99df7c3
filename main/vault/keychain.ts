// The OS keychain through @napi-rs/keyring (keytar's API, maintained, prebuilt for Node and
// Electron through N-API: no rebuild per Electron ABI), with a session-only memory fallback.
// Linux needs a Secret Service on D-Bus; when none answers (no session bus, no keyring
// daemon, native module missing) the app keeps working, but says plainly that nothing will
// be remembered.
//
// A keychain that fails mid-session is not given up for the session: a Secret Service ends and
// comes back (gnome-keyring crashes on a client that left mid-call, and D-Bus starts it again
// at the next call; a locked keyring is unlocked at the next login). A failed call is made once
// more after a pause, the next call tries the keychain again, and what was kept in memory
// meanwhile is written to it once it answers again.

import crypto from 'node:crypto';
import { createRequire } from 'node:module';

export const KEYCHAIN_SERVICE = 'quotedesk';

export const NOT_REMEMBERED =
  'Credentials will not be remembered: no system keychain is available, so the client secret is kept only until Quotedesk closes.';

export type KeychainStatus =
  { remembered: true; message: string } | { remembered: false; message: string; reason: string };

/** The keytar-shaped API we use; injectable so a child process can load the real one. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  /** Every entry of the service (where the binding offers it). */
  findCredentials?(service: string): Promise<{ account: string; password: string }[]>;
}

export interface Keychain {
  /**
   * Whether secrets survive a restart. Known without a probe once a read has brought a value
   * back (the start's store key); otherwise found by a probe, made once, when first asked.
   */
  status(): Promise<KeychainStatus>;
  get(account: string): Promise<string | undefined>;
  set(account: string, value: string): Promise<void>;
  delete(account: string): Promise<void>;
  /** The accounts of this service's entries that start with `prefix` (none if it cannot list). */
  accounts(prefix: string): Promise<string[]>;
}

export interface OpenKeychainOptions {
  service?: string;
  /** Defaults to loading `@napi-rs/keyring`'s keytar-compatible module. */
  load?: () => Promise<KeytarLike>;
  /**
   * How long a keychain call may take before we give up on it and keep secrets in memory.
   * Generous: a locked desktop keyring asks the user to unlock it during the first call.
   */
  probeTimeoutMs?: number;
}

/**
 * A call that fails where the keychain answered until then is made once more after this pause:
 * a Secret Service that crashed is started again by D-Bus at the next call.
 */
const RETRY_PAUSE_MS = 300;
/**
 * After a failed call the keychain is left alone this long (calls answer from memory at once):
 * a machine without one pays for one failed call now and then, not one per call.
 */
const REST_AFTER_FAILURE_MS = 5_000;
/** After a call that took too long, this long: no call waits that long again soon. */
const REST_AFTER_TIMEOUT_MS = 60_000;
/** A status found wanting is probed again when asked after this long. */
const PROBE_AGAIN_AFTER_MS = 30_000;

class KeychainTimeout extends Error {}
/** Not tried: the binding did not load, or the keychain rests after a failure. */
class KeychainResting extends Error {}

/**
 * The probe's entry is this process's own: two processes starting at once on one keychain (a
 * second window's core, a test run's apps) wrote and read back one shared entry, and one of
 * them read the other's value and took the keychain for unusable — its store then waited at
 * the first-start choice as if there were none.
 */
const probeAccount = () => `__quotedesk_probe__.${process.pid}.${crypto.randomUUID()}`;

async function loadKeytar(): Promise<KeytarLike> {
  // Required, not `import()`ed: the package is CommonJS without an `exports` map, so Node's
  // ESM resolver (which the bundled main's `import()` uses, unlike tsx in development) does
  // not find the extensionless `keytar` subpath, and the packaged app saw no keychain at all.
  // `require` resolves it as it resolves better-sqlite3 in the bundle; a missing binding
  // still throws here and means "no keychain".
  const mod = createRequire(import.meta.url)('@napi-rs/keyring/keytar') as {
    default?: KeytarLike;
  } & KeytarLike;
  const api = mod.default ?? mod;
  return {
    // The binding answers a missing entry with null or undefined, depending on the platform.
    getPassword: async (service, account) => (await api.getPassword(service, account)) ?? null,
    setPassword: (service, account, password) => api.setPassword(service, account, password),
    deletePassword: (service, account) => api.deletePassword(service, account),
    ...(api.findCredentials
      ? { findCredentials: (service: string) => api.findCredentials!(service) }
      : {}),
  };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(
      () => reject(new KeychainTimeout(`the keychain did not answer within ${ms} ms`)),
      ms,
    );
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

function reasonOf(err: unknown): string {
  // The binding's messages describe the D-Bus failure ("Could not connect: ..."); they never
  // contain the values we pass, so they are safe to show and log.
  return err instanceof Error ? err.message : String(err);
}

const REMEMBERED: KeychainStatus = {
  remembered: true,
  message: 'Credentials are kept in the system keychain.',
};

// long: the binding, what is known of it and the session's memory fallback share one state
export async function openKeychain(opts: OpenKeychainOptions = {}): Promise<Keychain> {
  const service = opts.service ?? KEYCHAIN_SERVICE;
  const timeoutMs = opts.probeTimeoutMs ?? 20_000;
  const memory = new Map<string, string>();
  // Deleted while the keychain failed: deleted from it once it answers (a removed connection
  // leaves no secret behind), and never read from it meanwhile.
  const forgotten = new Set<string>();
  let keytar: KeytarLike | undefined;
  // null: not known yet. A start whose store key comes back from the keychain never probes:
  // the probe's write, read and delete were three keychain round trips before the window's
  // first rows on every start.
  let status: KeychainStatus | null = null;
  let probing: Promise<KeychainStatus> | null = null;
  let failedAt = 0;
  let restingUntil = 0;

  /** The binding did not load: no keychain for this session. */
  const unavailable = (err: unknown): void => {
    keytar = undefined;
    status = { remembered: false, message: NOT_REMEMBERED, reason: reasonOf(err) };
  };
  /** A call failed: said so until one succeeds; the next call tries again. */
  const failed = (err: unknown): void => {
    if (err instanceof KeychainResting) return;
    status = { remembered: false, message: NOT_REMEMBERED, reason: reasonOf(err) };
    failedAt = Date.now();
    restingUntil =
      failedAt + (err instanceof KeychainTimeout ? REST_AFTER_TIMEOUT_MS : REST_AFTER_FAILURE_MS);
  };
  /** A call proved the keychain keeps entries: what waited in memory goes to it. */
  const answers = async (k: KeytarLike): Promise<void> => {
    const recovered = status?.remembered === false;
    status = REMEMBERED;
    if (!recovered) return;
    try {
      for (const [account, value] of [...memory]) {
        await withTimeout(k.setPassword(service, account, value), timeoutMs);
        if (memory.get(account) === value) memory.delete(account);
      }
      for (const account of [...forgotten]) {
        await withTimeout(k.deletePassword(service, account), timeoutMs);
        forgotten.delete(account);
      }
    } catch (err) {
      failed(err);
    }
  };
  /** One keychain call; made once more after a pause when it fails where it answered till now. */
  const call = async <T>(run: (k: KeytarLike) => Promise<T>): Promise<T> => {
    const k = keytar;
    if (!k) throw new KeychainResting('no keychain');
    if (Date.now() < restingUntil) throw new KeychainResting('resting after a failure');
    const answering = status?.remembered === true;
    try {
      return await withTimeout(run(k), timeoutMs);
    } catch (err) {
      if (err instanceof KeychainTimeout || !answering) throw err;
      await new Promise((r) => setTimeout(r, RETRY_PAUSE_MS));
      return await withTimeout(run(k), timeoutMs);
    }
  };

  // A read alone proves nothing when it finds no entry: the binding answers "no such entry"
  // when it cannot reach the Secret Service at all. A value written and read back does. Made
  // once while nothing is known (a binding that failed to load is known), and again when asked
  // a while after a call failed.
  const probe = async (): Promise<KeychainStatus> => {
    try {
      const value = `probe-${process.pid}-${Date.now()}`;
      const account = probeAccount();
      await call((k) => k.setPassword(service, account, value));
      const back = await call((k) => k.getPassword(service, account));
      if (back !== value) throw new Error('the keychain did not give back what was stored in it');
      await call((k) => k.deletePassword(service, account)).catch(() => false);
      await answers(keytar!);
    } catch (err) {
      failed(err);
    } finally {
      probing = null;
    }
    return status ?? REMEMBERED;
  };
  const known = (): Promise<KeychainStatus> => {
    const stale =
      keytar !== undefined &&
      status?.remembered === false &&
      Date.now() - failedAt > PROBE_AGAIN_AFTER_MS &&
      Date.now() >= restingUntil;
    if (status && !stale) return Promise.resolve(status);
    return (probing ??= probe());
  };

  try {
    keytar = await (opts.load ?? loadKeytar)();
  } catch (err) {
    unavailable(err);
  }

  return {
    status: known,
    async get(account) {
      if (memory.has(account)) return memory.get(account);
      if (!keytar || forgotten.has(account)) return undefined;
      try {
        const value = await call((k) => k.getPassword(service, account));
        if (value === null || value === undefined) return undefined;
        // A value came back: the keychain is there and answers.
        await answers(keytar);
        return value;
      } catch (err) {
        failed(err);
        return undefined;
      }
    },
    async set(account, value) {
      // Written where it survives a restart only once the keychain is known to keep it.
      await known();
      forgotten.delete(account);
      if (keytar && status?.remembered) {
        try {
          await call((k) => k.setPassword(service, account, value));
          memory.delete(account);
          return;
        } catch (err) {
          failed(err);
        }
      }
      memory.set(account, value);
    },
    async accounts(prefix) {
      const found = new Set([...memory.keys()].filter((a) => a.startsWith(prefix)));
      if (keytar?.findCredentials) {
        try {
          const all = await call((k) => k.findCredentials!(service));
          for (const c of all) {
            if (c.account.startsWith(prefix) && !forgotten.has(c.account)) found.add(c.account);
          }
        } catch {
          // A keychain that cannot list answers none: the caller's other ways still hold.
        }
      }
      return [...found];
    },
    async delete(account) {
      memory.delete(account);
      if (!keytar) return;
      try {
        await call((k) => k.deletePassword(service, account));
        forgotten.delete(account);
      } catch (err) {
        failed(err);
        forgotten.add(account);
      }
    },
  };
}
