import type { z } from 'zod';
import { Uuid, type ErrorDetails } from '../../common/api';
import { badRequest, invalid } from './errors';
import { loneSurrogates } from './text';
import { parseOr400 } from './validate';

/** A path parameter that must be a UUID. */
export function pathId(params: unknown, name: string): string {
  const value = (params as Record<string, unknown> | undefined)?.[name];
  return parseOr400(Uuid, value, 'INVALID_REQUEST_PARAMETER', name).toLowerCase();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our bodies nest at most five levels (sections → lineItems → entry); anything far deeper is not one of them. */
export const MAX_BODY_DEPTH = 32;

/**
 * Ids are stored in lower case; a client may send them in either. The body is lower-cased in
 * place (it is the freshly parsed JSON of this request) by an iterative walk: a recursive one
 * let a 200 KB body of `[[[[…]]]]` exhaust the stack (a 500). Nesting deeper than any of our
 * bodies is refused before it costs anything.
 */
function lowerIds(body: object): void {
  const stack: Array<{ value: object; depth: number }> = [{ value: body, depth: 1 }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const { value, depth } = top;
    if (depth > MAX_BODY_DEPTH) {
      throw badRequest(
        'INVALID_REQUEST_BODY',
        `body: nested more than ${MAX_BODY_DEPTH} levels deep`,
      );
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const v: unknown = value[i];
        if (typeof v === 'string') {
          if (v.length === 36 && UUID.test(v)) value[i] = v.toLowerCase();
        } else if (v !== null && typeof v === 'object') stack.push({ value: v, depth: depth + 1 });
      }
      continue;
    }
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const v = record[key];
      if (typeof v === 'string') {
        if (v.length === 36 && UUID.test(v)) record[key] = v.toLowerCase();
      } else if (v !== null && typeof v === 'object') stack.push({ value: v, depth: depth + 1 });
    }
  }
}

/** A JSON body: absent or not JSON-shaped is INVALID_REQUEST_BODY, a bad field INVALID_REQUEST_FIELD. */
export function jsonBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === undefined || body === null || typeof body !== 'object') {
    throw badRequest(
      'INVALID_REQUEST_BODY',
      'body: a JSON body (content-type application/json) is required',
    );
  }
  lowerIds(body);
  // After the depth check above: the walk for half characters is bounded.
  const halves = loneSurrogates(body);
  if (halves.length)
    throw invalid(
      'INVALID_REQUEST_FIELD',
      halves.map((field) => ({
        type: 'INVALID_REQUEST_FIELD',
        message: `${field}: must be well-formed text (it holds half of a character, a lone UTF-16 surrogate)`,
      })),
    );
  return parseOr400(schema, body, 'INVALID_REQUEST_FIELD');
}

/**
 * A query string. A parameter given more than once arrives as an array: those named in `lists`
 * (e.g. `status`) are merged into their comma-separated form, so `status=draft&status=sent`
 * means `status=draft,sent`; any other one is refused naming it, since which of its values was
 * meant is anyone's guess.
 */
export function query<S extends z.ZodType>(
  schema: S,
  q: unknown,
  lists: readonly string[] = [],
): z.output<S> {
  let input = (q ?? {}) as Record<string, unknown>;
  const repeated: ErrorDetails[] = [];
  for (const key of Object.keys(input)) {
    const v = input[key];
    if (!Array.isArray(v)) continue;
    if (lists.includes(key)) input = { ...input, [key]: v.join(',') };
    else
      repeated.push({
        type: 'INVALID_REQUEST_PARAMETER',
        message: `${key}: must be given once (given ${v.length} times)`,
      });
  }
  if (repeated.length > 0) throw invalid('INVALID_REQUEST_PARAMETER', repeated);
  return parseOr400(schema, input, 'INVALID_REQUEST_PARAMETER');
}

/** The instants an ISO 8601 date-time can name with a four-digit year, in UTC. */
const FIRST_INSTANT = Date.parse('0000-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * Date-times the schema took (`[field, value]` pairs) whose instant falls outside years
 * 0000–9999 in UTC are refused naming the field: `9999-12-31T23:59:59-23:59` is a valid text,
 * but stored in UTC it would be answered as `+010000-01-01T…`, which no client reads as a
 * date-time.
 */
export function checkInstants(fields: ReadonlyArray<readonly [string, string]>): void {
  const details: ErrorDetails[] = [];
  for (const [field, value] of fields) {
    const t = Date.parse(value);
    if (!(t >= FIRST_INSTANT && t <= LAST_INSTANT)) {
      details.push({
        type: 'INVALID_REQUEST_FIELD',
        message: `${field}: must be between 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z`,
      });
    }
  }
  if (details.length > 0) throw invalid('INVALID_REQUEST_FIELD', details);
}
