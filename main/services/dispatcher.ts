import {
  calls,
  errorFromZod,
  isCallName,
  type CallName,
  type IpcError,
  type IpcOutput,
  type IpcParsedInput,
  type IpcResult,
} from '../../common/ipc';
import { ServiceError } from './errors';

export interface CallContext {
  /** Which transport the call came through; some calls exist only in the desktop app. */
  via: 'electron' | 'browser' | 'test';
}

export type Handler<N extends CallName> = (
  input: IpcParsedInput<N>,
  ctx: CallContext,
) => Promise<IpcOutput<N>> | IpcOutput<N>;

export type Handlers = { [N in CallName]: Handler<N> };

/** Maps errors of the parts below (store, API client, vault) to IPC errors. */
export type ErrorMapper = (error: unknown) => IpcError | undefined;

export interface DispatcherOptions {
  mapError?: ErrorMapper;
  /** Called for unexpected failures; the user sees a generic message, the log the detail. */
  onInternalError?: (name: string, error: unknown) => void;
  onCall?: (name: string, ms: number, outcome: 'ok' | IpcError['code']) => void;
}

export type Dispatch = (
  name: string,
  input: unknown,
  ctx: CallContext,
) => Promise<IpcResult<unknown>>;

/**
 * The one entry point both transports use: check the name, validate the input with the
 * contract, run the handler, turn every failure into an error value. Nothing thrown
 * escapes, so neither Electron's IPC nor the HTTP bridge ever sees an exception.
 */
export function createDispatcher(handlers: Handlers, options: DispatcherOptions = {}): Dispatch {
  return async (name, rawInput, ctx) => {
    const started = performance.now();
    const done = (result: IpcResult<unknown>) => {
      options.onCall?.(name, performance.now() - started, result.ok ? 'ok' : result.error.code);
      return result;
    };
    if (!isCallName(name)) {
      return done({
        ok: false,
        error: {
          code: 'UNKNOWN_CALL',
          message: `"${String(name).slice(0, 80)}" is not a call Quotedesk knows.`,
        },
      });
    }
    const parsed = calls[name].input.safeParse(rawInput ?? undefined);
    if (!parsed.success) return done({ ok: false, error: errorFromZod(parsed.error) });
    try {
      const handler = handlers[name] as Handler<CallName>;
      const value = await handler(parsed.data as IpcParsedInput<CallName>, ctx);
      return done({ ok: true, value });
    } catch (error) {
      if (error instanceof ServiceError) return done({ ok: false, error: error.toIpcError() });
      const mapped = options.mapError?.(error);
      if (mapped) return done({ ok: false, error: mapped });
      options.onInternalError?.(name, error);
      return done({
        ok: false,
        error: {
          code: 'INTERNAL',
          message:
            'Something went wrong inside Quotedesk; nothing was changed. The log has the details.',
        },
      });
    }
  };
}
