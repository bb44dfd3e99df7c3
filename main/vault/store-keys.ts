// Each profile's store key: 256 random bits kept in the OS keychain beside the profile's
// secret (service `quotedesk`, account `store-key:<keyId>`, the key id a random UUID recorded
// in the store's `protection.json`: two data folders never share or overwrite a key), or derived from a passphrase
// with scrypt where there is no keychain. How a store is protected is recorded beside it in
// `protection.json` (never the key; for a passphrase, its salt and the scrypt costs).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Keychain } from './keychain';

export type Protection = 'keychain' | 'passphrase' | 'none';

export const storeKeyAccount = (keyId: string) => `store-key:${keyId}`;

/** scrypt costs of a passphrase: N = 2^17, r = 8, p = 1 (128 MiB, about half a second). */
export const SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;

export const PASSPHRASE_MIN = 10;

const Record = z.object({
  version: z.literal(1),
  mode: z.enum(['keychain', 'passphrase', 'none']),
  /** Keychain mode: names the keychain entry of the key. */
  keyId: z
    .string()
    .regex(/^[0-9a-f-]{36}$/)
    .optional(),
  /** Passphrase mode: hex salt and the scrypt costs it was derived with. */
  salt: z
    .string()
    .regex(/^[0-9a-f]{32,}$/)
    .optional(),
  scrypt: z.object({ N: z.number().int(), r: z.number().int(), p: z.number().int() }).optional(),
});
export type ProtectionRecord = z.infer<typeof Record>;

export const protectionFile = (storeDir: string) => path.join(storeDir, 'protection.json');

/**
 * How the store in `storeDir` is protected; null for a store from before encryption, or none
 * yet; `damaged` when the record is there but cannot be read (truncated, overwritten).
 */
export function readProtectionRecord(storeDir: string): ProtectionRecord | 'damaged' | null {
  let text: string;
  try {
    text = fs.readFileSync(protectionFile(storeDir), 'utf8');
  } catch {
    return null;
  }
  try {
    const r = Record.safeParse(JSON.parse(text));
    return r.success ? r.data : 'damaged';
  } catch {
    return 'damaged';
  }
}

/** The record, or null when there is none or it cannot be read (`readProtectionRecord` tells which). */
export function readProtection(storeDir: string): ProtectionRecord | null {
  const rec = readProtectionRecord(storeDir);
  return rec === 'damaged' ? null : rec;
}

/** Written atomically (temp file, fsync, rename) before the store is made or encrypted. */
export function writeProtection(storeDir: string, record: ProtectionRecord): void {
  fs.mkdirSync(storeDir, { recursive: true });
  const file = protectionFile(storeDir);
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(record));
  const fd = fs.openSync(tmp, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

export function newPassphraseRecord(): ProtectionRecord {
  return {
    version: 1,
    mode: 'passphrase',
    salt: crypto.randomBytes(16).toString('hex'),
    scrypt: { ...SCRYPT },
  };
}

/** The store key of a passphrase (off the event loop: scrypt takes about half a second). */
export function keyFromPassphrase(passphrase: string, record: ProtectionRecord): Promise<Buffer> {
  const costs = record.scrypt ?? SCRYPT;
  if (!record.salt) return Promise.reject(new Error('the passphrase record has no salt'));
  return new Promise((resolve, reject) =>
    crypto.scrypt(
      passphrase.normalize('NFC'),
      Buffer.from(record.salt!, 'hex'),
      32,
      { ...costs, maxmem: 256 * costs.N * costs.r },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

/** The keychain side of store keys; the Vault exposes it. */
export class StoreKeys {
  constructor(private readonly keychain: Keychain) {}

  /** The store key, or undefined when the keychain holds none. */
  async get(keyId: string): Promise<Buffer | undefined> {
    const hex = await this.keychain.get(storeKeyAccount(keyId));
    return hex && /^[0-9a-f]{64}$/.test(hex) ? Buffer.from(hex, 'hex') : undefined;
  }

  /**
   * A new random key, stored and read back before it is used: a key only in memory would
   * make the store unreadable after a restart. Refused where there is no keychain.
   */
  async create(keyId: string): Promise<Buffer> {
    if (!(await this.keychain.status()).remembered) {
      throw new Error('no system keychain: a store key would not be remembered');
    }
    const key = crypto.randomBytes(32);
    await this.keychain.set(storeKeyAccount(keyId), key.toString('hex'));
    // A keychain that failed on the write falls back to memory: that is no place for it.
    if (!(await this.keychain.status()).remembered) {
      await this.keychain.delete(storeKeyAccount(keyId));
      throw new Error('the system keychain stopped answering: the store key was not kept');
    }
    const back = await this.get(keyId);
    if (!back?.equals(key)) throw new Error('the keychain did not keep the store key');
    return key;
  }

  /** Stores `key` under `keyId` (a key that went missing while the store was open). */
  put(keyId: string, key: Buffer): Promise<void> {
    return this.keychain.set(storeKeyAccount(keyId), key.toString('hex'));
  }

  /** The ids of every store key the keychain holds (for a store whose record of its key is lost). */
  async ids(): Promise<string[]> {
    const prefix = storeKeyAccount('');
    return (await this.keychain.accounts(prefix)).map((a) => a.slice(prefix.length));
  }

  /** Deletes the key: whatever is left of the store on disk can no longer be read. */
  delete(keyId: string): Promise<void> {
    return this.keychain.delete(storeKeyAccount(keyId));
  }
}
