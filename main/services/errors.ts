import type { IpcError, IpcErrorCode } from '../../common/ipc';

/**
 * What a service throws when it refuses: the dispatcher turns it into an error result.
 * Services throw rather than return so a refusal deep in a helper needs no plumbing.
 */
export class ServiceError extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string,
    readonly extra: Omit<IpcError, 'code' | 'message'> = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  toIpcError(): IpcError {
    return { code: this.code, message: this.message, ...this.extra };
  }
}

export const notFound = (what: string, field?: string) =>
  new ServiceError('NOT_FOUND', `${what} was not found.`, field ? { field } : {});

export const unsupportedInBrowser = (what: string) =>
  new ServiceError('UNSUPPORTED', `${what} is available in the desktop app only.`);
