import { z } from 'zod';

/**
 * Errors cross the bridge as values, never as thrown exceptions: a thrown error loses its
 * shape on the way through Electron's IPC and through JSON, and the UI needs `field` to show
 * the message next to the input that caused it.
 */
export const IpcErrorCode = z.enum([
  /** The input failed the contract's schema; `field` names the offending path. */
  'INVALID_INPUT',
  /** A rule of the quote refused the edit (limit, status, relationship…); `field` when known. */
  'VALIDATION',
  'NOT_FOUND',
  /** The quote's status no longer allows this edit. */
  'INVALID_STATUS',
  /** The action needs the server and there is no connection or no profile. */
  'OFFLINE',
  /** The sync engine is not available in this build or this moment; `message` says why. */
  'SYNC_UNAVAILABLE',
  /** The server answered with an error; `apiCode` carries the spec's ErrorDetails type. */
  'SERVER',
  /** Credentials were refused or no keychain is reachable. */
  'AUTH',
  /** Works only in the desktop app (file dialogs and the like). */
  'UNSUPPORTED',
  'UNKNOWN_CALL',
  /** The local store's file is damaged: edits are refused until it is repaired. */
  'STORE_DAMAGED',
  /** The disk is full: the change was not saved (what the user typed stays on screen). */
  'DISK_FULL',
  /** The data folder cannot be written (read-only, its disk gone): the change was not saved. */
  'NOT_WRITABLE',
  'INTERNAL',
  /** The profile's quotes on this computer are locked (key missing, passphrase needed). */
  'STORE_LOCKED',
  /** The app's core is restarting after a fault: the same call works again in a moment. */
  'UNAVAILABLE',
  /**
   * The client accepted the quote's newest version at the desk: an edit is refused until the
   * salesperson agrees to edit it as a new version (`versions.startAfterAccepted`).
   */
  'ACCEPTED_LOCKED',
]);
export type IpcErrorCode = z.infer<typeof IpcErrorCode>;

export const IpcErrorDetail = z.object({
  field: z.string().optional(),
  message: z.string(),
  apiCode: z.string().optional(),
});
export type IpcErrorDetail = z.infer<typeof IpcErrorDetail>;

export const IpcError = z.object({
  code: IpcErrorCode,
  /** One sentence a salesperson can act on. */
  message: z.string(),
  /** Dotted path of the input field at fault, e.g. `items.0.price`. */
  field: z.string().optional(),
  /** The spec's error code when the server refused (e.g. `LINE_ITEM_LIMIT_EXCEEDED`). */
  apiCode: z.string().optional(),
  details: z.array(IpcErrorDetail).optional(),
});
export type IpcError = z.infer<typeof IpcError>;

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export function ipcResultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: IpcError }),
  ]);
}

export function ok<T>(value: T): IpcResult<T> {
  return { ok: true, value };
}

export function fail(
  code: IpcErrorCode,
  message: string,
  extra: Omit<IpcError, 'code' | 'message'> = {},
): { ok: false; error: IpcError } {
  return { ok: false, error: { code, message, ...extra } };
}

/** Turns a zod failure into one IpcError whose message and field name the first problem. */
export function errorFromZod(error: z.ZodError, prefix = ''): IpcError {
  const details = error.issues.map((issue) => {
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    return {
      field: field || undefined,
      message: field ? `${field}: ${issue.message}` : issue.message,
    };
  });
  const first = details[0];
  return {
    code: 'INVALID_INPUT',
    message: first?.message ?? 'The input is not valid.',
    field: first?.field,
    details,
  };
}
