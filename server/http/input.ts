import type { z } from 'zod';
import { Uuid } from '../../common/api';
import { badRequest } from './errors';
import { parseOr400 } from './validate';

/** A path parameter that must be a UUID. */
export function pathId(params: unknown, name: string): string {
  const value = (params as Record<string, unknown> | undefined)?.[name];
  return parseOr400(Uuid, value, 'INVALID_REQUEST_PARAMETER', name).toLowerCase();
}

/** A JSON body: absent or not JSON-shaped is INVALID_REQUEST_BODY, a bad field INVALID_REQUEST_FIELD. */
export function jsonBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === undefined || body === null || typeof body !== 'object') {
    throw badRequest(
      'INVALID_REQUEST_BODY',
      'body: a JSON body (content-type application/json) is required',
    );
  }
  return parseOr400(schema, body, 'INVALID_REQUEST_FIELD');
}

export function query<S extends z.ZodType>(schema: S, q: unknown): z.output<S> {
  return parseOr400(schema, q ?? {}, 'INVALID_REQUEST_PARAMETER');
}
