import type { ErrorCode, ErrorDetails, ErrorResponse } from '../../common/api';

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
  const message =
    details.length === 1
      ? details[0]!.message
      : `${details.length} problems: ${details.map((d) => d.message).join('; ')}`;
  return new ApiError(400, code, message, details);
}

export function errorBody(err: ApiError, instance: string): ErrorResponse {
  return {
    status: err.status,
    type: err.code,
    message: err.message || TITLES[err.status] || 'Error',
    instance,
    details: err.details,
  };
}
