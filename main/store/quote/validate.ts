import type { z } from 'zod';
import {
  EDITABLE_STATUSES,
  ACCESS_LIST_FROZEN_STATUSES,
  fieldPath,
  type ErrorCode,
} from '../../../common/api';
import { StoreValidationError, refuse } from '../errors';
import type { FieldError, WorkQuote } from '../types';

/** Half of a UTF-16 surrogate pair: what cutting a text with an emoji to a length leaves. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as it can be stored and sent: a lone surrogate is no character (SQLite and the server
 * would keep U+FFFD instead, and the next read would look like someone else's change), so
 * the half is dropped. Strings at any depth; a new value only where something changed.
 */
export function repairText<T>(v: T): T {
  if (typeof v === 'string') return v.replace(LONE_SURROGATE, '') as T;
  if (Array.isArray(v)) return v.map(repairText) as T;
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, repairText(x)])) as T;
  return v;
}

/** Parses with a common/api schema; every problem becomes a FieldError naming its field. */
export function check<S extends z.ZodType>(
  schema: S,
  input: unknown,
  root = '',
  code: ErrorCode = 'INVALID_REQUEST_FIELD',
): z.output<S> {
  const r = schema.safeParse(repairText(input));
  if (r.success) return r.data;
  const details: FieldError[] = r.error.issues.map((issue) => {
    const field = fieldPath(issue.path, root);
    return { field, type: code, message: `${field}: ${issue.message}` };
  });
  throw new StoreValidationError(details);
}

export function assertEditable(w: WorkQuote): void {
  if (!EDITABLE_STATUSES.includes(w.status)) {
    refuse(
      'status',
      `a quote in status ${w.status} cannot be edited; set it back to draft first`,
      'QUOTE_INVALID_STATUS',
    );
  }
}

export function assertAccessListOpen(w: WorkQuote): void {
  if (ACCESS_LIST_FROZEN_STATUSES.includes(w.status)) {
    refuse(
      'status',
      `the access list of a ${w.status} quote cannot change`,
      'QUOTE_INVALID_STATUS',
    );
  }
}

/** Refuses a list that does not name every one of the quote's entries exactly once (a new order). */
export function assertEveryOnce(given: string[], existing: string[], field: string): void {
  const a = [...given].sort();
  const b = [...existing].sort();
  if (a.length !== b.length || a.some((v, i) => v !== b[i])) {
    refuse(field, "must list every one of the quote's entries exactly once.");
  }
}
