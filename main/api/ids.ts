// Ids as what they are: RFC 4122 UUIDs are case-insensitive and the spec only says "uuid", so
// a server may write them in upper case. Every id that crosses the client — in an answer, a
// path, a query or a payload — is made lower case here, so the rest of the app compares ids
// as plain strings (maps, sets, id_map) and never mistakes one id in two spellings for two.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Fields that hold ids: `id`, `ids`, `…Id`, `…Ids` (productId, requiredLineItemId, …). */
const ID_KEY = /^(ids?|.*Ids?)$/;

export function isIdKey(key: string): boolean {
  return ID_KEY.test(key);
}

/** A UUID in lower case; anything else as it is. */
export function normalizeId<T>(v: T): T {
  return (typeof v === 'string' && UUID.test(v) ? v.toLowerCase() : v) as T;
}

/** The value of an id field: one id or a list of ids. */
export function normalizeIdField(v: unknown): unknown {
  return Array.isArray(v) ? v.map(normalizeId) : normalizeId(v);
}

/** Every id field of a JSON value, at any depth, in lower case (a new value; text untouched). */
export function normalizeIds<T>(v: T): T {
  if (Array.isArray(v)) return v.map(normalizeIds) as T;
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v))
      out[k] = isIdKey(k) ? normalizeIdField(x) : normalizeIds(x);
    return out as T;
  }
  return v;
}
