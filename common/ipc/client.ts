// The renderer's side of the contract: one `Bridge` shape, two transports (the preload's
// `window.quotedesk` in the desktop app, HTTP + SSE in browser mode), one typed client.
import type { CallName, IpcInput, IpcOutput } from './calls';
import type { EventName, IpcEvent } from './events';
import { TOKEN_HEADER } from './channels';
import { IpcCallError } from './call-error';
import type { IpcResult } from './result';
export { BRIDGE_GLOBAL, TOKEN_HEADER, INVOKE_CHANNEL, EVENT_CHANNEL } from './channels';

/** What both transports provide; untyped at the edge, typed by `IpcClient`. */
export interface Bridge {
  invoke(name: string, input?: unknown): Promise<IpcResult<unknown>>;
  /** Returns the function that removes the handler. */
  on(event: string, handler: (payload: unknown) => void): () => void;
}

export type IpcCall<N extends CallName> =
  undefined extends IpcInput<N>
    ? (input?: IpcInput<N>) => Promise<IpcResult<IpcOutput<N>>>
    : (input: IpcInput<N>) => Promise<IpcResult<IpcOutput<N>>>;

export interface IpcClient {
  /** Answers a result value; errors never throw (except a broken transport). */
  invoke<N extends CallName>(
    name: N,
    ...input: undefined extends IpcInput<N> ? [IpcInput<N>?] : [IpcInput<N>]
  ): Promise<IpcResult<IpcOutput<N>>>;
  /** Like `invoke` but throws `IpcCallError` on an error result. */
  call<N extends CallName>(
    name: N,
    ...input: undefined extends IpcInput<N> ? [IpcInput<N>?] : [IpcInput<N>]
  ): Promise<IpcOutput<N>>;
  on<E extends EventName>(event: E, handler: (payload: IpcEvent<E>) => void): () => void;
}

export function createIpcClient(bridge: Bridge): IpcClient {
  return {
    invoke: (name, ...input) =>
      bridge.invoke(name, input[0]) as Promise<IpcResult<IpcOutput<typeof name>>>,
    async call(name, ...input) {
      const result = await bridge.invoke(name, input[0]);
      if (!result.ok) throw new IpcCallError(name, result.error);
      return result.value as IpcOutput<typeof name>;
    },
    on: (event, handler) => bridge.on(event, handler as (payload: unknown) => void),
  };
}

interface EventSourceLike {
  addEventListener(type: string, listener: (ev: { data: string }) => void): void;
  close(): void;
}
export interface HttpBridgeOptions {
  /** Origin of the bridge, e.g. `http://127.0.0.1:43121` (the page's own in browser mode). */
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
  /** `EventSource` constructor (the browser's); without it `on` is a no-op. */
  EventSource?: new (url: string) => EventSourceLike;
}

/**
 * Browser mode: `POST /ipc/<name>` with the token header; events from `GET /events` (SSE;
 * `EventSource` cannot send headers, so the token goes in the query there).
 */
export function createHttpBridge(options: HttpBridgeOptions): Bridge {
  const doFetch = options.fetch ?? fetch;
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  let source: EventSourceLike | undefined;

  const ensureSource = () => {
    if (source || !options.EventSource) return;
    const url = `${options.baseUrl}/events?token=${encodeURIComponent(options.token)}`;
    source = new options.EventSource(url);
    source.addEventListener('message', (ev) => {
      let msg: { event?: string; payload?: unknown };
      try {
        msg = JSON.parse(ev.data) as typeof msg;
      } catch {
        return;
      }
      if (typeof msg.event !== 'string') return;
      for (const h of handlers.get(msg.event) ?? []) h(msg.payload);
    });
  };

  return {
    async invoke(name, input) {
      let res: Response;
      try {
        res = await doFetch(`${options.baseUrl}/ipc/${encodeURIComponent(name)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [TOKEN_HEADER]: options.token },
          body: JSON.stringify(input ?? null),
        });
      } catch (e) {
        return {
          ok: false,
          error: { code: 'INTERNAL', message: `Quotedesk's core is not reachable (${String(e)}).` },
        };
      }
      const body = (await res.json().catch(() => null)) as IpcResult<unknown> | null;
      if (body && typeof body === 'object' && 'ok' in body) return body;
      return {
        ok: false,
        error: {
          code: 'INTERNAL',
          message: `Unexpected answer from the core (HTTP ${res.status}).`,
        },
      };
    },
    on(event, handler) {
      ensureSource();
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
  };
}

/**
 * Reads browser mode's token from the page address (`#token=…`), the way `npm start`
 * prints it, so the token never reaches the server's logs as a query string.
 */
export function tokenFromLocation(hash: string): string | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get('token') ?? undefined;
}
