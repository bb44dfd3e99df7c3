// Server dialects: ways another implementation of the Quoting API may answer that the spec
// allows and our server does not use. Each is a `Dialect` for the fault-injecting proxy
// (test/api/fault-proxy.ts), which rewrites the real server's answers on the way back.
import type { Dialect } from './fault-proxy';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

function mapStrings(v: unknown, f: (s: string) => string): unknown {
  if (typeof v === 'string') return f(v);
  if (Array.isArray(v)) return v.map((x) => mapStrings(x, f));
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapStrings(x, f)]));
  return v;
}

/** JSON bodies with every UUID in lower case (multipart and other bodies untouched). */
function lowerIdsInBody(body: Buffer): Buffer {
  if (!body.length || (body[0] !== 0x7b /* { */ && body[0] !== 0x5b) /* [ */) return body;
  return Buffer.from(body.toString('utf8').replace(UUID, (m) => m.toLowerCase()));
}

/**
 * RFC 4122: ids are case-insensitive, and the spec only says "uuid". This server writes every
 * id in upper case and takes them back in any case (ours is handed them in lower case).
 */
export const UPPER_CASE_IDS: Dialect = {
  name: 'upper-case ids',
  request: ({ url, body }) => ({
    url: url.replace(UUID, (m) => m.toLowerCase()),
    body: lowerIdsInBody(body),
  }),
  answer: ({ status, json }) => ({
    status,
    json: mapStrings(json, (s) => s.replace(UUID, (m) => m.toUpperCase())),
  }),
};
