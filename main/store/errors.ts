import type { ErrorCode, ErrorDetails } from '../../common/api';

/** One refused field of an edit or query: which, the API's error code, and why. */
export interface FieldError {
  field: string;
  type: ErrorCode;
  message: string;
}

/** Base of every error the store throws on purpose: a value with a type and a plain message. */
export class StoreError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** An edit or query refused; nothing was written. `details` names each offending field. */
export class StoreValidationError extends StoreError {
  constructor(readonly details: FieldError[]) {
    super('VALIDATION', details.map((d) => d.message).join('; ') || 'invalid input');
  }

  /** The API's ErrorDetails shape, for callers that pass errors on unchanged. */
  toErrorDetails(): ErrorDetails[] {
    return this.details.map((d) => ({ type: d.type, message: d.message }));
  }
}

export class QuoteNotFoundError extends StoreError {
  constructor(readonly quoteId: string) {
    super('QUOTE_NOT_FOUND', `Quote ${quoteId} is not in the local store.`);
  }
}

/** The database file failed its integrity check; it was left exactly as found. */
export class StoreCorruptError extends StoreError {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(
      'CORRUPT',
      `The local database ${file} is damaged (${problems.slice(0, 3).join('; ')}). ` +
        'It was left untouched; restore a backup or sync into a new database.',
    );
  }
}

/** A write needed disk space there was none of; it was rolled back, nothing saved is touched. */
export class StoreFullError extends StoreError {
  constructor(readonly file: string) {
    super('DISK_FULL', 'The disk is full — this change was not saved.');
  }
}

/**
 * A write the folder refused (made read-only, its disk gone, locked by another program); rolled
 * back, nothing saved is touched. `reason`: the driver's code, for the log only.
 */
export class StoreUnwritableError extends StoreError {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(
      'NOT_WRITABLE',
      'This change was not saved: the folder Quotedesk keeps quotes in cannot be written.',
    );
  }
}

/**
 * The file is encrypted and the key given does not open it (or, rarely, its first page is
 * damaged: without the key the two cannot be told apart). It was left untouched.
 */
export class StoreKeyError extends StoreError {
  constructor(readonly file: string) {
    super(
      'WRONG_KEY',
      `The local database ${file} cannot be opened with this key. It was left untouched.`,
    );
  }
}

/** The file was written by a newer Quotedesk; it was left untouched. */
export class StoreTooNewError extends StoreError {
  constructor(
    readonly file: string,
    readonly version: number,
    readonly supported: number,
  ) {
    super(
      'TOO_NEW',
      `The local database ${file} has schema version ${version}; this Quotedesk reads up to ${supported}. Update Quotedesk.`,
    );
  }
}

export class StoreClosedError extends StoreError {
  constructor() {
    super('CLOSED', 'The local store is closed.');
  }
}

export function fieldError(
  field: string,
  message: string,
  type: FieldError['type'] = 'INVALID_REQUEST_FIELD',
): FieldError {
  return { field, type, message: `${field}: ${message}` };
}

export function refuse(
  field: string,
  message: string,
  type: FieldError['type'] = 'INVALID_REQUEST_FIELD',
): never {
  throw new StoreValidationError([fieldError(field, message, type)]);
}
