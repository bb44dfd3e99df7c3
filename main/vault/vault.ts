// Connection profiles and their credentials. Profiles go to a settings file; the client
// secret and the cached token go to the OS keychain only (memory when there is none).
import { createHash, randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import { constants } from 'node:fs';
import { z } from 'zod';
import {
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type StoredToken,
  type TokenCache,
} from '../api';
import {
  openKeychain,
  type Keychain,
  type KeychainStatus,
  type OpenKeychainOptions,
} from './keychain';
import {
  Profile,
  ProfileInput,
  ProfileValidationError,
  problemsOf,
  type ProfileInput as ProfileInputT,
} from './profile';
import { ProfilesStore } from './profiles-store';
import { readProtection, StoreKeys } from './store-keys';
import { testConnection, type ConnectionTestResult } from './test-connection';

export interface VaultOptions {
  dataDir: string;
  /** An open keychain, or how to open one (default: @napi-rs/keyring, service "quotedesk"). */
  keychain?: Keychain | OpenKeychainOptions;
  /** Where the vault reports what it does; never receives a secret. Default: console.warn. */
  log?: (message: string) => void;
}

const Secret = z
  .string({ error: 'must be a string' })
  .min(1, { error: 'must not be empty' })
  .max(4096, { error: 'must be at most 4096 characters' });

const StoredTokenRecord = z.object({
  accessToken: z.string().min(1),
  expiresAt: z.string(),
  /** Which settings the token was issued for: a changed profile must not reuse it. */
  issuedFor: z.string(),
});

const secretAccount = (id: string) => id;
const tokenAccount = (id: string) => `${id}:token`;

/** Identifies the settings a token belongs to, without storing them next to it. */
function issuedFor(p: Profile): string {
  return createHash('sha256')
    .update(JSON.stringify([p.baseUrl, p.audience, p.clientId]))
    .digest('hex')
    .slice(0, 32);
}

function checkSecret(secret: unknown): string {
  const r = Secret.safeParse(secret);
  if (!r.success) {
    throw new ProfileValidationError(
      r.error.issues.map((i) => ({ field: 'clientSecret', message: i.message })),
    );
  }
  return r.data;
}

export class Vault {
  private queue: Promise<unknown> = Promise.resolve();
  private saidNotRemembered = false;
  private readonly storeKeys: StoreKeys;

  private constructor(
    private readonly store: ProfilesStore,
    private readonly keychain: Keychain,
    private readonly log: (message: string) => void,
  ) {
    this.storeKeys = new StoreKeys(keychain);
  }

  static async open(opts: VaultOptions): Promise<Vault> {
    const kc =
      opts.keychain && 'status' in opts.keychain
        ? opts.keychain
        : await openKeychain(opts.keychain as OpenKeychainOptions | undefined);
    const log = opts.log ?? ((m: string) => console.warn(m));
    return new Vault(new ProfilesStore(opts.dataDir), kc, log);
  }

  /**
   * Whether credentials survive a restart, in words for the settings screen. Known once the
   * keychain was first needed (the start's store key read back) or probed now; a keychain
   * that keeps nothing is said in the log once.
   */
  async status(): Promise<KeychainStatus> {
    const status = await this.keychain.status();
    if (!status.remembered && !this.saidNotRemembered) {
      this.saidNotRemembered = true;
      this.log(`${status.message} (${status.reason})`);
    }
    return status;
  }

  /** Where profiles are kept (no secrets in it). */
  get profilesPath(): string {
    return this.store.path;
  }

  /** Read-modify-write of the profiles file, one at a time. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  listProfiles(): Promise<Profile[]> {
    return this.store.read();
  }

  async getProfile(id: string): Promise<Profile | undefined> {
    return (await this.store.read()).find((p) => p.id === id);
  }

  private async requireProfile(id: string): Promise<Profile> {
    const p = await this.getProfile(id);
    if (!p)
      throw new ProfileValidationError([{ field: 'id', message: `no connection profile "${id}"` }]);
    return p;
  }

  /**
   * Creates or replaces a profile; with `secret`, also stores the client secret. Changing the
   * address, audience or client id forgets the cached token.
   */
  saveProfile(input: ProfileInputT, secret?: string): Promise<Profile> {
    return this.exclusive(async () => {
      const parsed = ProfileInput.safeParse(input);
      if (!parsed.success) throw new ProfileValidationError(problemsOf(parsed.error));
      const checkedSecret = secret === undefined ? undefined : checkSecret(secret);
      const v = parsed.data;
      const profile = Profile.parse({
        id: v.id ?? randomUUID(),
        displayName: v.displayName,
        baseUrl: v.baseUrl,
        audience: v.audience ?? v.baseUrl,
        clientId: v.clientId,
        ...(v.caFile ? { caFile: v.caFile } : {}),
      });
      if (profile.caFile) {
        try {
          await access(profile.caFile, constants.R_OK);
        } catch {
          throw new ProfileValidationError([
            { field: 'caFile', message: `the file ${profile.caFile} cannot be read` },
          ]);
        }
      }
      const all = await this.store.read();
      const before = all.find((p) => p.id === profile.id);
      const next = before ? all.map((p) => (p.id === profile.id ? profile : p)) : [...all, profile];
      await this.store.write(next);
      if (checkedSecret !== undefined)
        await this.keychain.set(secretAccount(profile.id), checkedSecret);
      if (checkedSecret !== undefined || (before && issuedFor(before) !== issuedFor(profile))) {
        await this.keychain.delete(tokenAccount(profile.id));
      }
      this.log(
        `connection profile ${profile.id} saved${checkedSecret ? ' with a new secret' : ''}`,
      );
      return profile;
    });
  }

  /** Removes the profile, its secret and its cached token. */
  deleteProfile(id: string): Promise<void> {
    return this.exclusive(async () => {
      const all = await this.store.read();
      await this.store.write(all.filter((p) => p.id !== id));
      await this.keychain.delete(secretAccount(id));
      await this.keychain.delete(tokenAccount(id));
      this.log(`connection profile ${id} deleted`);
    });
  }

  async setSecret(id: string, secret: string): Promise<void> {
    const s = checkSecret(secret);
    await this.requireProfile(id);
    await this.keychain.set(secretAccount(id), s);
    await this.keychain.delete(tokenAccount(id));
  }

  /** For the API client in the main process only; never send it to the renderer. */
  getSecret(id: string): Promise<string | undefined> {
    return this.keychain.get(secretAccount(id));
  }

  async hasSecret(id: string): Promise<boolean> {
    return (await this.keychain.get(secretAccount(id))) !== undefined;
  }

  async deleteSecret(id: string): Promise<void> {
    await this.keychain.delete(secretAccount(id));
    await this.keychain.delete(tokenAccount(id));
  }

  /** A store key from the keychain by its id (main process only; never to the renderer). */
  storeKey(keyId: string): Promise<Buffer | undefined> {
    return this.storeKeys.get(keyId);
  }

  /**
   * Puts the store key back in the keychain when the entry went missing while the app ran (a
   * keychain reset, a cleaning tool): the key is still in memory, and without it the store could
   * not be opened at the next start. True when it had to be put back.
   */
  async keepStoreKey(keyId: string, key: Buffer): Promise<boolean> {
    if (!(await this.status()).remembered) return false;
    const held = await this.storeKeys.get(keyId);
    if (held?.equals(key)) return false;
    // A read that failed (a keychain locked or gone since) finds nothing too: a locked keychain
    // is not an empty one, and nothing is written in its place.
    if (!(await this.status()).remembered) return false;
    await this.storeKeys.put(keyId, key);
    this.log(`store key ${keyId} was missing from the keychain and was put back`);
    return true;
  }

  /** The ids of every store key in the keychain (a store whose record of its key is lost). */
  storeKeyIds(): Promise<string[]> {
    return this.storeKeys.ids();
  }

  /** Makes and keeps a new random store key; refused where no keychain remembers it. */
  async createStoreKey(keyId: string): Promise<Buffer> {
    const key = await this.storeKeys.create(keyId);
    this.log(`store key ${keyId} created in the keychain`);
    return key;
  }

  /**
   * Deletes the key of the store in `storeDir` (`stores/<profile>`) from the keychain: what is
   * left of that store on disk can no longer be read. Removing a profile calls this first,
   * before it deletes the files. A store without a keychain key (passphrase, none) is left as
   * it is; its `protection.json` goes with the folder.
   */
  async deleteStoreKey(storeDir: string): Promise<void> {
    const rec = readProtection(storeDir);
    if (rec?.mode !== 'keychain' || !rec.keyId) return;
    await this.storeKeys.delete(rec.keyId);
    this.log(`store key ${rec.keyId} deleted`);
  }

  /** The cached access token of a profile, kept in the keychain beside the secret. */
  tokenCache(profile: Profile): TokenCache {
    const account = tokenAccount(profile.id);
    const owner = issuedFor(profile);
    const kc = this.keychain;
    return {
      async load() {
        const raw = await kc.get(account);
        if (!raw) return undefined;
        try {
          const r = StoredTokenRecord.safeParse(JSON.parse(raw));
          if (r.success && r.data.issuedFor === owner) {
            return { accessToken: r.data.accessToken, expiresAt: r.data.expiresAt };
          }
        } catch {
          // unreadable: fetch a new one
        }
        return undefined;
      },
      async save(t: StoredToken) {
        await kc.set(account, JSON.stringify({ ...t, issuedFor: owner }));
      },
      async clear() {
        await kc.delete(account);
      },
    };
  }

  /** An API client for a saved profile, reading its secret and token from the keychain. */
  async createClient(
    id: string,
    opts: Omit<ApiClientOptions, 'clientSecret' | 'tokenCache'> = {},
  ): Promise<ApiClient> {
    const profile = await this.requireProfile(id);
    return createApiClient(profile, {
      ...opts,
      clientSecret: () => this.getSecret(id),
      tokenCache: this.tokenCache(profile),
    });
  }

  /**
   * Tests a saved profile (by id), or unsaved settings with the secret typed in the form.
   * Always resolves: the result says what is wrong in words a salesperson can act on.
   */
  async testConnection(
    target: string | { profile: ProfileInputT; secret: string },
    opts: { timeoutMs?: number } = {},
  ): Promise<ConnectionTestResult> {
    if (typeof target === 'string') {
      const profile = await this.getProfile(target);
      if (!profile) {
        return {
          ok: false,
          problem: 'unexpected',
          message: 'This connection profile no longer exists.',
        };
      }
      const result = await testConnection(profile, {
        clientSecret: () => this.getSecret(profile.id),
        tokenCache: this.tokenCache(profile),
        timeoutMs: opts.timeoutMs,
      });
      this.log(`connection test of ${profile.id}: ${result.ok ? 'ok' : result.problem}`);
      return result;
    }
    const parsed = ProfileInput.safeParse(target.profile);
    if (!parsed.success) {
      return {
        ok: false,
        problem: 'unexpected',
        message: `Check the connection settings: ${new ProfileValidationError(problemsOf(parsed.error)).message}`,
      };
    }
    const v = parsed.data;
    const result = await testConnection(
      {
        baseUrl: v.baseUrl,
        audience: v.audience ?? v.baseUrl,
        clientId: v.clientId,
        ...(v.caFile ? { caFile: v.caFile } : {}),
      },
      { clientSecret: target.secret, timeoutMs: opts.timeoutMs },
    );
    this.log(`connection test of unsaved settings: ${result.ok ? 'ok' : result.problem}`);
    return result;
  }
}

export const openVault = (opts: VaultOptions) => Vault.open(opts);
