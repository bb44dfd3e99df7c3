// The OS keychain through @napi-rs/keyring (keytar's API, maintained, prebuilt for Node and
// Electron through N-API: no rebuild per Electron ABI), with a session-only memory fallback.
// Linux needs a Secret Service on D-Bus; when none answers (no session bus, no keyring
// daemon, native module missing) the app keeps working, but says plainly that nothing will
// be remembered.

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
      () => reject(new Error(`the keychain did not answer within ${ms} ms`)),
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
  let keytar: KeytarLike | undefined;
  // null: not known yet. A start whose store key comes back from the keychain never probes:
  // the probe's write, read and delete were three keychain round trips before the window's
  // first rows on every start.
  let status: KeychainStatus | null = null;
  let probing: Promise<KeychainStatus> | null = null;

  const fallBack = (err: unknown): void => {
    keytar = undefined;
    status = { remembered: false, message: NOT_REMEMBERED, reason: reasonOf(err) };
  };

  // A read alone proves nothing when it finds no entry: the binding answers "no such entry"
  // when it cannot reach the Secret Service at all. A value written and read back does. Made
  // once, and only while nothing is known yet (a binding that failed to load is known).
  const probe = async (k: KeytarLike): Promise<KeychainStatus> => {
    try {
      const value = `probe-${process.pid}-${Date.now()}`;
      const account = probeAccount();
      await withTimeout(k.setPassword(service, account, value), timeoutMs);
      const back = await withTimeout(k.getPassword(service, account), timeoutMs);
      if (back !== value) throw new Error('the keychain did not give back what was stored in it');
      await withTimeout(k.deletePassword(service, account), timeoutMs).catch(() => false);
      status ??= REMEMBERED;
    } catch (err) {
      fallBack(err);
    }
    return status ?? REMEMBERED;
  };
  const known = (): Promise<KeychainStatus> =>
    status ? Promise.resolve(status) : (probing ??= probe(keytar!));

  try {
    keytar = await (opts.load ?? loadKeytar)();
  } catch (err) {
    fallBack(err);
  }

  return {
    status: known,
    async get(account) {
      if (memory.has(account)) return memory.get(account);
      if (!keytar) return undefined;
      try {
        const value = await withTimeout(keytar.getPassword(service, account), timeoutMs);
        if (value === null || value === undefined) return undefined;
        // A value came back: the keychain is there and answers.
        status ??= REMEMBERED;
        return value;
      } catch (err) {
        fallBack(err);
        return undefined;
      }
    },
    async set(account, value) {
      // Written where it survives a restart only once the keychain is known to keep it.
      await known();
      if (keytar) {
        try {
          await withTimeout(keytar.setPassword(service, account, value), timeoutMs);
          memory.delete(account);
          return;
        } catch (err) {
          fallBack(err);
        }
      }
      memory.set(account, value);
    },
    async accounts(prefix) {
      const found = new Set([...memory.keys()].filter((a) => a.startsWith(prefix)));
      if (keytar?.findCredentials) {
        try {
          const all = await withTimeout(keytar.findCredentials(service), timeoutMs);
          for (const c of all) if (c.account.startsWith(prefix)) found.add(c.account);
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
        await withTimeout(keytar.deletePassword(service, account), timeoutMs);
      } catch (err) {
        fallBack(err);
      }
    },
  };
}
