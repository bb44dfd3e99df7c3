// Turning method arguments into a request: path parameters, query strings and payloads,
// each checked against the contract before anything is sent.
import type { ZodType } from 'zod';
import { Uuid, issuesToDetails } from '../../common/api';
import { isIdKey, normalizeId, normalizeIds } from './ids';
import { InvalidRequestError, type ErrorDetail } from './errors';

/** Fills `{name}` placeholders; every `...Id` parameter must be a UUID (spec, Endpoints). */
export function buildPath(
  method: string,
  route: string,
  params: Record<string, string> = {},
  query?: Record<string, string | number | boolean | undefined>,
): string {
  const problems: ErrorDetail[] = [];
  const path = route.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string' || value.length === 0) {
      problems.push({ type: 'INVALID_REQUEST_PARAMETER', message: `${name}: is required` });
      return '';
    }
    if (/Id$/.test(name) && !Uuid.safeParse(value).success) {
      problems.push({ type: 'INVALID_REQUEST_PARAMETER', message: `${name}: must be a UUID` });
    }
    return encodeURIComponent(normalizeId(value));
  });
  if (problems.length) throw new InvalidRequestError(problems, method, route);
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined) qs.set(k, String(isIdKey(k) ? normalizeId(v) : v));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

/** The payload as the contract's schema outputs it, or InvalidRequestError naming each field. */
export function checkPayload<T>(
  schema: ZodType<T>,
  payload: unknown,
  method: string,
  route: string,
  root = '',
  code: 'INVALID_REQUEST_BODY' | 'INVALID_REQUEST_PARAMETER' = 'INVALID_REQUEST_BODY',
): T {
  const r = schema.safeParse(payload);
  if (r.success) return normalizeIds(r.data);
  throw new InvalidRequestError(
    issuesToDetails(r.error, code, root).map((d) => ({ type: d.type, message: d.message })),
    method,
    route,
  );
}
