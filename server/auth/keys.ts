import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The HS256 signing key of access tokens, created once and kept in the data directory. */
export function loadSigningKey(dataDir: string): Uint8Array {
  const file = join(dataDir, 'token-signing.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  return new Uint8Array(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'));
}

export const SIGNING_KEY_FILE = 'token-signing.key';
