import type { IpcError } from '../../common/ipc';
import {
  ApiError,
  AuthError,
  DownloadTooLargeError,
  InvalidRequestError,
  MissingSecretError,
  NetworkError,
} from '../api';
import {
  KitNotFoundError,
  QuoteNotFoundError,
  StoreCorruptError,
  StoreError,
  StoreFullError,
  StoreUnwritableError,
  StoreValidationError,
} from '../store';
import { DAMAGED_MESSAGE, FULL_MESSAGE, READ_ONLY_MESSAGE } from './store-health';
import { ProfileValidationError, UnlockInputError } from '../vault';

// The vault names profile fields as it stores them; the contract as the form shows them.
const PROFILE_FIELDS: Record<string, string> = { displayName: 'name' };

/** Errors of the store, the API client and the vault, as values the UI can show at a field. */
export function mapError(error: unknown): IpcError | undefined {
  if (error instanceof StoreValidationError) {
    const first = error.details[0];
    return {
      code: 'VALIDATION',
      message: error.message,
      field: first?.field,
      apiCode: first?.type,
      details: error.details.map((d) => ({ field: d.field, message: d.message, apiCode: d.type })),
    };
  }
  if (error instanceof QuoteNotFoundError) {
    return {
      code: 'NOT_FOUND',
      message: 'This quote no longer exists on this computer.',
      field: 'quoteId',
    };
  }
  if (error instanceof KitNotFoundError) {
    return { code: 'NOT_FOUND', message: error.message, field: 'kitId' };
  }
  // Never SQLite's own words: what happened to the change and what to do.
  if (error instanceof StoreCorruptError)
    return { code: 'STORE_DAMAGED', message: DAMAGED_MESSAGE };
  if (error instanceof StoreFullError) return { code: 'DISK_FULL', message: FULL_MESSAGE };
  if (error instanceof StoreUnwritableError)
    return { code: 'NOT_WRITABLE', message: READ_ONLY_MESSAGE };
  if (error instanceof StoreError) {
    if (error.code === 'STALE') return { code: 'VALIDATION', message: error.message };
    return { code: 'INTERNAL', message: error.message };
  }
  if (error instanceof UnlockInputError) {
    return { code: 'INVALID_INPUT', message: error.message, field: error.field };
  }
  if (error instanceof ProfileValidationError) {
    const first = error.problems[0];
    return {
      code: 'INVALID_INPUT',
      message: error.message,
      field: first ? (PROFILE_FIELDS[first.field] ?? first.field) : undefined,
      details: error.problems.map((p) => ({
        field: PROFILE_FIELDS[p.field] ?? p.field,
        message: p.message,
      })),
    };
  }
  if (error instanceof MissingSecretError) {
    return {
      code: 'AUTH',
      message: 'No client secret is stored for this connection: enter it again in Settings.',
    };
  }
  if (error instanceof AuthError) {
    return {
      code: 'AUTH',
      message: 'The server refused the client id or secret of this connection.',
    };
  }
  if (error instanceof ApiError) {
    const first = error.details[0];
    return {
      code: 'SERVER',
      message: first?.message ?? error.serverMessage,
      apiCode: first?.type ?? error.type,
      details: error.details.map((d) => ({ message: d.message, apiCode: d.type })),
    };
  }
  if (error instanceof NetworkError) {
    return {
      code: 'OFFLINE',
      message: error.certificate
        ? "The server's certificate could not be verified."
        : 'The Quoting API is not reachable right now; try again when online.',
    };
  }
  if (error instanceof InvalidRequestError) {
    return { code: 'VALIDATION', message: error.details.map((d) => d.message).join('; ') };
  }
  if (error instanceof DownloadTooLargeError) {
    return { code: 'VALIDATION', message: 'The file is larger than Quotedesk accepts.' };
  }
  return undefined;
}
