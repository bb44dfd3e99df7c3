// An error result as an exception, for callers that prefer one (the UI's `call`, tests,
// scripts); apart from result.ts's schemas so the window's first load carries no zod.
import type { IpcError } from './result';

/** Unwraps a result for callers that prefer exceptions (tests, scripts). */
export class IpcCallError extends Error {
  constructor(
    readonly call: string,
    readonly error: IpcError,
  ) {
    super(`${call}: ${error.message}`);
    this.name = 'IpcCallError';
  }
}
