import type { ErrorCode, ErrorDetails } from '../../common/api';

/**
 * A refusal in the spec's own terms: its error code, a message that starts with the field
 * path, and one `details` entry per problem (by default one carrying `message`). The domain
 * knows nothing of HTTP; the HTTP layer turns it into the status and ErrorResponse.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails[] = [{ type: code, message }],
  ) {
    super(message);
  }
}

/** One problem. */
export const refused = (code: ErrorCode, message: string) => new DomainError(code, message);

/** Several problems at once, all listed; `code` leads. */
export function invalid(code: ErrorCode, details: ErrorDetails[]): DomainError {
  return new DomainError(code, summary(details), details);
}

/** The message of a refusal listing `details`: the one problem, or all of them counted. */
export function summary(details: ErrorDetails[]): string {
  return details.length === 1
    ? details[0]!.message
    : `${details.length} problems: ${details.map((d) => d.message).join('; ')}`;
}
