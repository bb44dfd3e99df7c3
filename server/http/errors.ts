import type { RouteShorthandOptions } from 'fastify';
import type { ErrorCode, ErrorDetails, ErrorResponse } from '../../common/api';
import { type DomainError, summary } from '../domain/errors';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Authorization Error - Access denied',
  404: 'Not Found',
};

/**
 * A refusal with its HTTP status and the spec's error code. Handlers throw it; the error
 * handler turns it into an ErrorResponse. `details` default to one entry carrying `message`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 403 | 404,
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails[] = [{ type: code, message }],
  ) {
    super(message);
  }
}

export const badRequest = (code: ErrorCode, message: string) => new ApiError(400, code, message);
export const notFound = (code: ErrorCode, message: string) => new ApiError(404, code, message);

export function invalid(code: ErrorCode, details: ErrorDetails[]): ApiError {
  return new ApiError(400, code, summary(details), details);
}

/**
 * A domain refusal as the endpoint answers it (docs/architecture.md#error-codes): an unknown or foreign id (a
 * `*_NOT_FOUND` code) is 404 where the endpoint lists 404, every other refusal is 400.
 */
export function fromDomain(err: DomainError, lists404: boolean): ApiError {
  const status = lists404 && err.code.endsWith('_NOT_FOUND') ? 404 : 400;
  return new ApiError(status, err.code, err.message, err.details);
}

/** Options of a route whose endpoint the spec lists with 404 (see `fromDomain`). */
export const lists404: RouteShorthandOptions = { config: { lists404: true } };

export function errorBody(err: ApiError, instance: string): ErrorResponse {
  return {
    status: err.status,
    type: err.code,
    message: err.message || TITLES[err.status] || 'Error',
    instance,
    details: err.details,
  };
}
