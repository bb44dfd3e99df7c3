import type { z } from 'zod';
import {
  EDITABLE_STATUSES,
  ACCESS_LIST_FROZEN_STATUSES,
  fieldPath,
  type ErrorCode,
} from '../../common/api';
import { StoreValidationError, refuse } from './errors';
import type { FieldError, WorkQuote } from './types';

/** Parses with a common/api schema; every problem becomes a FieldError naming its field. */
export function check<S extends z.ZodType>(
  schema: S,
  input: unknown,
  root = '',
  code: ErrorCode = 'INVALID_REQUEST_FIELD',
): z.output<S> {
  const r = schema.safeParse(input);
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
