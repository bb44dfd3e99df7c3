import { createHash, timingSafeEqual } from 'node:crypto';

// Client secrets are stored hashed: a copied database file does not hand out credentials.
export function hashSecret(secret: string): string {
  return createHash('sha256').update(`quotedesk-client-secret:${secret}`).digest('hex');
}

export function secretMatches(secret: string, hash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
