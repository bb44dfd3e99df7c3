import type { z } from 'zod';
import { issuesToDetails, type ErrorCode } from '../../common/api';
import { invalid } from './errors';

/** Parses `input` with `schema` or throws a 400 naming every offending field. */
export function parseOr400<S extends z.ZodType>(
  schema: S,
  input: unknown,
  code: ErrorCode,
  root = '',
): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const details = issuesToDetails(r.error, code, root);
  throw invalid(
    code,
    details.length > 0 ? details : [{ type: code, message: `${root || 'body'}: is invalid` }],
  );
}
