// Turning method arguments into a request's path and query string. A path parameter that is
// not a UUID is refused before anything is sent: it would change which resource the path
// names. Payloads are not checked again here (see `Spec.body` in caller.ts).
import { Uuid } from '../../common/api';
import { isIdKey, normalizeId } from './ids';
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
