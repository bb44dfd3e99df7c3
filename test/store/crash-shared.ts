import crypto from 'node:crypto';

/** A digest of a document, independent of key order. */
export function digest(value: unknown): string {
  const json = JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
  return crypto.createHash('sha1').update(json).digest('hex');
}
