// Server dialects: ways another implementation of the Quoting API may answer that the spec
// allows and our server does not use. Each is a `Dialect` for the fault-injecting proxy
// (test/api/fault-proxy.ts), which rewrites the real server's answers on the way back; the
// simulation draws a combination per seed (`combine`).
import type { Dialect } from './fault-proxy';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

function mapStrings(v: unknown, f: (s: string) => string): unknown {
  if (typeof v === 'string') return f(v);
  if (Array.isArray(v)) return v.map((x) => mapStrings(x, f));
  if (isObj(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapStrings(x, f)]));
  return v;
}

/** Every object of a JSON value, depth first, children before parents (edited in place). */
function eachObject(v: unknown, f: (o: Obj) => void): void {
  if (Array.isArray(v)) for (const x of v) eachObject(x, f);
  else if (isObj(v)) {
    for (const x of Object.values(v)) eachObject(x, f);
    f(v);
  }
}

/** A quote as GET/PUT/POST /v2/quotes answer it (list entries carry lineItemCounts instead). */
const isQuote = (o: Obj) => 'referenceCode' in o && 'lineItems' in o && 'totals' in o;
const isListEntry = (o: Obj) => 'referenceCode' in o && 'lineItemCounts' in o;

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

/** The same instant at +02:00, with microseconds: `2026-03-01T14:00:00.120000+02:00`. */
export function atOffset(s: string): string {
  const t = Date.parse(s);
  if (Number.isNaN(t)) return s;
  const d = new Date(t + 2 * 3600_000).toISOString(); // the wall clock at +02:00
  return `${d.slice(0, 19)}.${d.slice(20, 23)}000+02:00`;
}

/** Date-times with an offset and fractional digits ("ISO 8601 timestamp"). */
export const OFFSET_DATE_TIMES: Dialect = {
  name: 'date-times with an offset',
  answer: ({ status, json }) => ({
    status,
    json: mapStrings(json, (s) => (DATE_TIME.test(s) ? atOffset(s) : s)),
  }),
};

/** Fields the spec does not name, on every object. */
export const EXTRA_FIELDS: Dialect = {
  name: 'unknown extra fields',
  answer: ({ status, json }) => {
    eachObject(json, (o) => {
      o.vendorExtension = { revision: 3, tags: ['x'] };
    });
    return { status, json };
  },
};

/** `QuoteResponse.lineItems` as the spec declares it: a single object when there is one. */
export const SINGLE_LINE_ITEM: Dialect = {
  name: 'lineItems as one object',
  answer: ({ status, json }) => {
    eachObject(json, (o) => {
      if (isQuote(o) && Array.isArray(o.lineItems) && o.lineItems.length === 1)
        o.lineItems = o.lineItems[0];
    });
    return { status, json };
  },
};

/** The spec's QuoteResponse has no updatedOn (only list entries have it). */
export const NO_UPDATED_ON: Dialect = {
  name: 'QuoteResponse without updatedOn',
  answer: ({ status, json }) => {
    eachObject(json, (o) => {
      if (isQuote(o)) delete o.updatedOn;
    });
    return { status, json };
  },
};

const OPTIONAL_QUOTE = [
  'publishedOn',
  'respondedOn',
  'revokedOn',
  'quoteRequestId',
  'salesMarginPercentage',
  'intentType',
  'ownedBy',
  'acceptedBy',
  'declinedBy',
];
const OPTIONAL_ENTRY = ['publishedOn', 'intentType', 'ownedBy', 'partner'];

/** Optional fields (spec: no R) left out, and no null anywhere. */
export const OPTIONAL_ABSENT: Dialect = {
  name: 'optional fields absent',
  answer: ({ status, json }) => {
    eachObject(json, (o) => {
      for (const k of isQuote(o) ? OPTIONAL_QUOTE : isListEntry(o) ? OPTIONAL_ENTRY : [])
        delete o[k];
      for (const [k, v] of Object.entries(o)) if (v === null) delete o[k];
    });
    return { status, json };
  },
};

/** "A page number past the last page yields either an empty content array or a Not Found
 * error": this server says Not Found. */
export const PAGE_PAST_END_404: Dialect = {
  name: 'page past the end is 404',
  answer: ({ method, path, query, status, json }) => {
    const page = Number(new URLSearchParams(query).get('page') ?? 0);
    const body = json as { content?: unknown[] };
    if (
      method === 'GET' &&
      path === '/v2/quotes' &&
      status === 200 &&
      page > 0 &&
      !body.content?.length
    )
      return {
        status: 404,
        json: {
          status: 404,
          type: 'RESOURCE_NOT_FOUND',
          message: 'Page not found',
          instance: path,
          details: [],
        },
      };
    return { status, json };
  },
};

/** "Maximum value of the page-size parameter: not shown": this server lists at most 3 quotes a
 * page whatever the limit asked for (page.size and totalPages say so). */
export const SMALL_PAGES: Dialect = {
  name: 'list pages of 3',
  request: ({ method, url, body }) => {
    const [path, query = ''] = url.split('?');
    if (method !== 'GET' || path !== '/v2/quotes') return { url, body };
    const q = new URLSearchParams(query);
    q.set('limit', String(Math.min(3, Number(q.get('limit') ?? 10))));
    return { url: `${path}?${q.toString()}`, body };
  },
};

/** ListStatusCounts.pending is optional. */
export const NO_PENDING_COUNT: Dialect = {
  name: 'statusCounts without pending',
  answer: ({ status, json }) => {
    const counts = (json as { statusCounts?: Obj }).statusCounts;
    if (isObj(counts)) delete counts.pending;
    return { status, json };
  },
};

/** Arrays the spec gives no order for, in reverse: a quote's items, attachments, sections and
 * their items, the access list, and what adds and updates answer. The quote list keeps the
 * order it was asked for. */
export const OTHER_ORDER: Dialect = {
  name: 'arrays in another order',
  answer: ({ path, status, json }) => {
    eachObject(json, (o) => {
      if (isQuote(o)) {
        if (Array.isArray(o.lineItems)) o.lineItems.reverse();
        if (Array.isArray(o.attachments)) o.attachments.reverse();
      }
      if (Array.isArray(o.accessList)) o.accessList.reverse();
      if (Array.isArray(o.sections)) {
        o.sections.reverse();
        for (const s of o.sections as Obj[]) if (Array.isArray(s.lineItems)) s.lineItems.reverse();
      }
    });
    if (Array.isArray(json) && path.startsWith('/v2/quotes/')) json.reverse();
    return { status, json };
  },
};

export const DIALECTS: readonly Dialect[] = [
  UPPER_CASE_IDS,
  OFFSET_DATE_TIMES,
  EXTRA_FIELDS,
  SINGLE_LINE_ITEM,
  NO_UPDATED_ON,
  OPTIONAL_ABSENT,
  PAGE_PAST_END_404,
  NO_PENDING_COUNT,
  OTHER_ORDER,
  SMALL_PAGES,
];

/** Several dialects at once: requests through each in turn, answers back through each in
 * reverse (the outermost dialect is the first named). */
export function combine(dialects: readonly Dialect[]): Dialect | null {
  if (!dialects.length) return null;
  const order = [...dialects].sort((a, b) => DIALECTS.indexOf(b) - DIALECTS.indexOf(a));
  return {
    name: dialects.map((d) => d.name).join(' + '),
    request: (r) =>
      dialects.reduce(
        (x, d) => (d.request ? d.request({ method: r.method, url: x.url, body: x.body }) : x),
        { url: r.url, body: r.body },
      ),
    answer: (a) =>
      order.reduce((x, d) => (d.answer ? d.answer({ ...a, status: x.status, json: x.json }) : x), {
        status: a.status,
        json: a.json,
      }),
  };
}
