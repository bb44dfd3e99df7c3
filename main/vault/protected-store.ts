// Opens a profile's store with its key: from the keychain, from a passphrase, or none (the
// user's choice where no keychain exists). A store from before encryption is encrypted on the
// way (main/store does it, safe against a kill). When the key is missing or wrong the store
// stays closed and untouched, and the caller gets words the salesperson can act on.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { NO_PROFILE_NAME } from '../../common/ipc/protection';
import {
  countUnsyncedInFile,
  isPlaintextDatabase,
  openStore,
  StoreKeyError,
  type Store,
  type StoreOptions,
  type UnsyncedCounts,
} from '../store';
import {
  keyFromPassphrase,
  newPassphraseRecord,
  PASSPHRASE_MIN,
  protectionFile,
  readProtection,
  readProtectionRecord,
  writeProtection,
  type Protection,
  type ProtectionRecord,
} from './store-keys';
import type { Vault } from './vault';

export const STORE_FILE = 'quotedesk.sqlite';

export type StoreLockReason =
  /** No keychain and no choice made yet: set a passphrase or keep the store unencrypted. */
  | 'choose'
  /** Passphrase mode: the passphrase is needed (`wrong`: the one given does not open it). */
  | 'passphrase'
  /** Keychain mode: the keychain holds no key for this store (or cannot be reached). */
  | 'missing-key'
  /** Keychain mode: the key there does not open the file. */
  | 'wrong-key';

export interface StoreLock {
  reason: StoreLockReason;
  /** What happened and what can be done, in the salesperson's words. */
  message: string;
  wrong?: boolean;
  /** `choose`: keeping the store unencrypted is not offered (the organisation requires encryption). */
  encryptionRequired?: boolean;
}

/** What the user gave on the lock screen. */
export type Unlock =
  { passphrase: string } | { choose: 'passphrase'; passphrase: string } | { choose: 'none' };

export type StoreAccess =
  | {
      ok: true;
      store: Store;
      protection: Protection;
      /** The key it was opened with (kept in the keychain again if it goes missing there). */
      key: Buffer | null;
    }
  | { ok: false; lock: StoreLock };

export class UnlockInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export function lockMessage(
  reason: StoreLockReason,
  name: string,
  opts: { wrong?: boolean; keychain?: boolean } = {},
): string {
  switch (reason) {
    case 'choose':
      // Before any connection there is no profile's name: "its quotes", not "this computer's".
      return `This computer has no system keychain to keep the key of ${name === NO_PROFILE_NAME ? 'its' : `${name}'s`} quotes. Set a passphrase to encrypt them (you will enter it each time Quotedesk starts), or keep them unencrypted on this computer.`;
    case 'passphrase':
      return opts.wrong
        ? `That passphrase does not open ${name}'s quotes. Check it (capital letters count) and try again.`
        : `${name}'s quotes on this computer are protected by a passphrase. Enter it to open them.`;
    case 'missing-key':
      return opts.keychain === false
        ? `The system keychain cannot be reached, and it holds the key for ${name}'s quotes on this computer. Unlock or start the keychain, then start Quotedesk again. The file is kept as it is.`
        : `This computer's keychain no longer holds the key for ${name}'s quotes, so the quotes saved on this computer cannot be opened. The file is kept as it is: if the key comes back (a restored keychain), start Quotedesk again. Otherwise you can download ${name}'s quotes again from the server.`;
    case 'wrong-key':
      return `The key in this computer's keychain does not open ${name}'s quotes (the file may also be damaged). The file is kept as it is. You can download ${name}'s quotes again from the server.`;
  }
}

function storeExists(storeDir: string): boolean {
  const file = path.join(storeDir, STORE_FILE);
  return (
    (fs.existsSync(file) && fs.statSync(file).size > 0) || fs.existsSync(`${file}.encrypt-step`)
  );
}

export interface OpenProtectedOptions {
  vault: Vault;
  storeDir: string;
  /** The profile's display name, for the messages. */
  displayName: string;
  unlock?: Unlock;
  /** Where no keychain is reachable and no choice was made: ask (default) or keep it unencrypted. */
  withoutKeychain?: 'ask' | 'unencrypted';
  /**
   * The organisation's choice (policy `dataProtection`), which overrides the salesperson's:
   * `keychain` — a key in the keychain, a passphrase only where there is no keychain, never
   * unencrypted; `passphrase` — always a passphrase; `none` — unencrypted, nothing asked. A
   * store kept unencrypted before is encrypted on the way when encryption is required; a
   * store already encrypted stays as it is (its key cannot be changed here).
   */
  required?: Protection;
  storeOptions?: StoreOptions;
  /** How the file is opened once its key is known (default `openStore`; the app repairs a damaged one). */
  openWith?: (file: string, opts: StoreOptions) => Store;
}

/** Opens the store in `storeDir` with the right key, or says why it cannot. */
export async function openProtectedStore(o: OpenProtectedOptions): Promise<StoreAccess> {
  const file = path.join(o.storeDir, STORE_FILE);
  const name = o.displayName;
  const open = (key: Buffer | null, protection: Protection): StoreAccess => ({
    ok: true,
    store: (o.openWith ?? openStore)(file, {
      filesDir: path.join(o.storeDir, 'files'),
      ...o.storeOptions,
      key,
    }),
    protection,
    key,
  });
  // Asked only where the answer decides: a store key read back already says the keychain
  // works, and an unencrypted or passphrase store does not need one.
  const keychain = async () => (await o.vault.status()).remembered;
  const read = readProtectionRecord(o.storeDir);
  if (read === 'damaged')
    return recoverDamagedRecord(o, { file, name, open, keychain: await keychain() });
  let rec = read;
  const mustEncrypt = o.required === 'keychain' || o.required === 'passphrase';
  // Unencrypted by an earlier choice, now required encrypted: treated as a store from before
  // encryption, which is encrypted on the way.
  if (rec?.mode === 'none' && mustEncrypt) rec = null;

  if (!rec)
    return protectNewStore(o, { file, name, open, keychain: await keychain(), mustEncrypt });

  if (rec.mode === 'none') return open(null, 'none');

  if (rec.mode === 'passphrase') {
    const given = o.unlock && 'passphrase' in o.unlock ? o.unlock.passphrase : null;
    if (given === null) {
      return {
        ok: false,
        lock: { reason: 'passphrase', message: lockMessage('passphrase', name) },
      };
    }
    const key = await keyFromPassphrase(given, rec);
    try {
      return open(key, 'passphrase');
    } catch (err) {
      if (!(err instanceof StoreKeyError)) throw err;
      return {
        ok: false,
        lock: {
          reason: 'passphrase',
          wrong: true,
          message: lockMessage('passphrase', name, { wrong: true }),
        },
      };
    }
  }

  const keyId = rec.keyId ?? '';
  let key = keyId ? await o.vault.storeKey(keyId) : undefined;
  const reachable = key ? true : await keychain();
  if (!key && reachable && (!storeExists(o.storeDir) || isPlaintextDatabase(file))) {
    // Nothing encrypted with a key yet (a kill between the record and the first write, or a
    // store wiped meanwhile): a new key loses nothing.
    const fresh = { ...rec, keyId: crypto.randomUUID() };
    key = await o.vault.createStoreKey(fresh.keyId);
    writeProtection(o.storeDir, fresh);
  }
  if (!key) {
    return {
      ok: false,
      lock: {
        reason: 'missing-key',
        message: lockMessage('missing-key', name, { keychain: reachable }),
      },
    };
  }
  try {
    return open(key, 'keychain');
  } catch (err) {
    if (!(err instanceof StoreKeyError)) throw err;
    return { ok: false, lock: { reason: 'wrong-key', message: lockMessage('wrong-key', name) } };
  }
}

/**
 * `protection.json` is there but unreadable (truncated, overwritten). The file itself is whole:
 * plaintext, it is protected anew as a store from before encryption; encrypted, each store key
 * the keychain holds is tried, and the one that opens it is recorded again. The damaged record
 * is kept beside it. No key opens it: said in words (a passphrase's salt was in the record).
 */
async function recoverDamagedRecord(
  o: OpenProtectedOptions,
  c: Omit<NewStoreContext, 'mustEncrypt'>,
): Promise<StoreAccess> {
  const record = protectionFile(o.storeDir);
  const aside = `${record}.damaged-${Date.now()}`;
  const setAside = () => fs.renameSync(record, aside);
  if (!storeExists(o.storeDir) || isPlaintextDatabase(c.file)) {
    setAside();
    return openProtectedStore(o);
  }
  for (const keyId of await o.vault.storeKeyIds()) {
    const key = await o.vault.storeKey(keyId);
    if (!key) continue;
    try {
      const access = c.open(key, 'keychain');
      setAside();
      writeProtection(o.storeDir, { version: 1, mode: 'keychain', keyId });
      return access;
    } catch (err) {
      if (!(err instanceof StoreKeyError)) throw err;
    }
  }
  return {
    ok: false,
    lock: {
      reason: 'missing-key',
      message: `The record of how ${c.name}'s quotes are protected on this computer is damaged, and no key in this computer's keychain opens them (a passphrase cannot be used without that record). The file is kept as it is. You can download ${c.name}'s quotes again from the server.`,
    },
  };
}

interface NewStoreContext {
  file: string;
  name: string;
  open: (key: Buffer | null, protection: Protection) => StoreAccess;
  keychain: boolean;
  mustEncrypt: boolean;
}

/** A store with no protection record yet (new, or from before encryption): protects it as the
 * keychain, the policy or the salesperson's choice says, or says what must be chosen. */
async function protectNewStore(o: OpenProtectedOptions, c: NewStoreContext): Promise<StoreAccess> {
  const { file, name, open, keychain, mustEncrypt } = c;
  const plainOrNew = !storeExists(o.storeDir) || isPlaintextDatabase(file);
  if (!plainOrNew) {
    // Encrypted, but the record of how is gone: only the keychain key could be it, and its id is lost.
    return {
      ok: false,
      lock: { reason: 'missing-key', message: lockMessage('missing-key', name) },
    };
  }
  if (o.required === 'none') {
    writeProtection(o.storeDir, { version: 1, mode: 'none' });
    return open(null, 'none');
  }
  if (keychain && o.required !== 'passphrase') {
    const rec: ProtectionRecord = { version: 1, mode: 'keychain', keyId: crypto.randomUUID() };
    const key = await o.vault.createStoreKey(rec.keyId!);
    writeProtection(o.storeDir, rec);
    return open(key, 'keychain');
  }
  const choice = o.unlock && 'choose' in o.unlock ? o.unlock : null;
  if (choice?.choose === 'none' && mustEncrypt) {
    throw new UnlockInputError(
      'mode',
      'mode: your organisation requires the quotes on this computer to be encrypted; keeping them unencrypted is not allowed',
    );
  }
  if (
    choice?.choose === 'none' ||
    (!choice && !mustEncrypt && o.withoutKeychain === 'unencrypted')
  ) {
    writeProtection(o.storeDir, { version: 1, mode: 'none' });
    return open(null, 'none');
  }
  if (choice?.choose === 'passphrase') {
    if (choice.passphrase.length < PASSPHRASE_MIN) {
      throw new UnlockInputError(
        'passphrase',
        `passphrase: must be at least ${PASSPHRASE_MIN} characters`,
      );
    }
    const r = newPassphraseRecord();
    const key = await keyFromPassphrase(choice.passphrase, r);
    writeProtection(o.storeDir, r);
    return open(key, 'passphrase');
  }
  if (mustEncrypt) {
    const message =
      o.required === 'passphrase'
        ? `Your organisation requires ${name}'s quotes on this computer to be encrypted with a passphrase. Set one (you will enter it each time Quotedesk starts).`
        : `Your organisation requires ${name}'s quotes on this computer to be encrypted, and this computer has no system keychain to keep their key. Set a passphrase to encrypt them (you will enter it each time Quotedesk starts).`;
    return { ok: false, lock: { reason: 'choose', message, encryptionRequired: true } };
  }
  return { ok: false, lock: { reason: 'choose', message: lockMessage('choose', name) } };
}

/**
 * Gives up a store that cannot be opened, keeping nothing of it in use: its files move to
 * `stores/<profile>/unreadable-<time>/` (still encrypted; never deleted here, so a key that
 * comes back can still open them) and the next open starts an empty store that sync fills
 * from the server. Only after the user confirmed, having been told what is lost.
 */
export function setAsideUnreadable(storeDir: string): string {
  const aside = path.join(storeDir, `unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  fs.mkdirSync(aside, { recursive: true });
  for (const f of fs.readdirSync(storeDir)) {
    if (f.startsWith('unreadable-')) continue;
    fs.renameSync(path.join(storeDir, f), path.join(aside, f));
  }
  return aside;
}

/**
 * What a store that is not open holds only on this computer (another connection's, before it
 * is removed), read without opening it for use: with its key from the keychain, read-only.
 * Null when it cannot be read without asking the user — a passphrase store, a key gone from
 * the keychain — or at all (damage, another version): the caller says it could not count.
 */
export async function unsyncedOfClosedStore(
  vault: Vault,
  storeDir: string,
): Promise<UnsyncedCounts | null> {
  const file = path.join(storeDir, STORE_FILE);
  if (!storeExists(storeDir)) return { drafts: 0, deletes: 0, conflicts: 0, files: 0 };
  if (fs.existsSync(`${file}.encrypt-step`)) return null;
  const rec = readProtection(storeDir);
  let key: Buffer | null = null;
  if (!isPlaintextDatabase(file)) {
    if (rec?.mode !== 'keychain' || !rec.keyId) return null;
    key = (await vault.storeKey(rec.keyId)) ?? null;
    if (!key) return null;
  }
  try {
    return countUnsyncedInFile(file, key);
  } catch {
    return null;
  }
}
