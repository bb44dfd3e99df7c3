import { z } from 'zod';
import { ErrorCode } from './error-codes';

export const ErrorDetails = z.object({ message: z.string(), type: ErrorCode });
export type ErrorDetails = z.infer<typeof ErrorDetails>;

export const ErrorResponse = z.object({
  status: z.number().int(),
  type: z.string(),
  message: z.string(),
  instance: z.string(),
  details: z.array(ErrorDetails),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** Dotted field path of a zod issue, e.g. `[0].productName` or `sections[1].lineItems`. */
export function fieldPath(path: readonly PropertyKey[], root = ''): string {
  let out = root;
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out || root || 'body';
}

/**
 * One ErrorDetails per problem, each message naming the field: `productName: must be at
 * most 255 characters`. `root` prefixes paths (e.g. "query").
 */
export function issuesToDetails(
  error: z.ZodError,
  code: ErrorCode = 'INVALID_REQUEST_FIELD',
  root = '',
): ErrorDetails[] {
  return error.issues.map((issue) => {
    const field = fieldPath(issue.path, root);
    return { type: code, message: `${field}: ${issue.message}` };
  });
}

/** A value-or-error result for callers that must not throw (UI, IPC). */
export type Parsed<T> = { ok: true; value: T } | { ok: false; details: ErrorDetails[] };

export function parseWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  code: ErrorCode = 'INVALID_REQUEST_FIELD',
  root = '',
): Parsed<z.output<S>> {
  const r = schema.safeParse(input);
  return r.success
    ? { ok: true, value: r.data }
    : { ok: false, details: issuesToDetails(r.error, code, root) };
}
