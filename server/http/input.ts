import type { z } from 'zod';
import { Uuid } from '../../common/api';
import { badRequest } from './errors';
import { parseOr400 } from './validate';

/** A path parameter that must be a UUID. */
export function pathId(params: unknown, name: string): string {
  const value = (params as Record<string, unknown> | undefined)?.[name];
  return parseOr400(Uuid, value, 'INVALID_REQUEST_PARAMETER', name).toLowerCase();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are stored in lower case; a client may send them in either. */
function lowerIds(value: unknown): unknown {
  if (typeof value === 'string') return UUID.test(value) ? value.toLowerCase() : value;
  if (Array.isArray(value)) return value.map(lowerIds);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (k !== '__proto__') out[k] = lowerIds(v);
    return out;
  }
  return value;
}

/** A JSON body: absent or not JSON-shaped is INVALID_REQUEST_BODY, a bad field INVALID_REQUEST_FIELD. */
export function jsonBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === undefined || body === null || typeof body !== 'object') {
    throw badRequest(
      'INVALID_REQUEST_BODY',
      'body: a JSON body (content-type application/json) is required',
    );
  }
  return parseOr400(schema, lowerIds(body), 'INVALID_REQUEST_FIELD');
}

export function query<S extends z.ZodType>(schema: S, q: unknown): z.output<S> {
  return parseOr400(schema, q ?? {}, 'INVALID_REQUEST_PARAMETER');
}
