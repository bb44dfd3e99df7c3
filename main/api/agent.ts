// One pooled undici Agent per profile. TLS is always verified; a profile may add one CA
// file (e.g. the embedded server's) to the trusted roots, never turn verification off.
// Loaded with the first agent (caller.ts), undici with it: a start that shows the local store
// evaluates none of it.
import type { EventEmitter } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import { Agent, Client, Dispatcher, Pool } from 'undici';
import { CaFileError } from './errors';

export interface AgentOptions {
  caFile?: string;
  /** Parallel connections per origin. */
  connections?: number;
  connectTimeoutMs?: number;
}

export async function createAgent(opts: AgentOptions): Promise<Agent> {
  let secureContext: SecureContext | undefined;
  if (opts.caFile) {
    let pem: string;
    try {
      pem = await readFile(opts.caFile, 'utf8');
    } catch (err) {
      throw new CaFileError(`the CA file ${opts.caFile} cannot be read`, { cause: err });
    }
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
      throw new CaFileError(`the CA file ${opts.caFile} holds no PEM certificate`);
    }
    // `ca` replaces Node's roots, so keep them: the extra CA is added, not substituted.
    // Built once: given as `ca`, every new connection would parse all of the roots again
    // (about 10 ms of CPU each, which a burst of new connections pays in full).
    secureContext = createSecureContext({ ca: [...rootCertificates, pem] });
  }
  const connections = opts.connections ?? 6;
  return new Agent({
    connections,
    factory: (origin, options) =>
      new ReadsAndWrites(
        // Reads: undici fixes `pipelining` at 1 per connection unless told otherwise, and that
        // holds for HTTP/2 too: one request at a time per connection, so a fill of 64 quotes in
        // flight ran at 6 per round trip (measured: 104 requests/s through a 50 ms link, 650
        // without the cap). Left unset, each connection takes its protocol's own default: as
        // many streams as the server allows on HTTP/2, one at a time on HTTP/1.1.
        new Pool(origin, { ...options, connections, factory: unpipelined }),
        // Writes: undici sends a POST, PUT or PATCH only on a connection with nothing else in
        // flight (were the connection lost, it would send the others again), so on a shared
        // connection a push's every write waited a round trip behind other quotes' requests.
        // Here each write takes a connection of its own: one at a time, as many as the pool
        // allows, kept open for the next.
        new Pool(origin, { ...options, connections: Math.max(connections, WRITE_CONNECTIONS) }),
      ) as unknown as Dispatcher,
    // HTTP/2 where the server offers it (ALPN): many requests in flight on one connection, so a
    // background fill is bounded by round trips, not by the pool; HTTP/1.1 servers as before.
    allowH2: true,
    // HTTP/2 flow control: the server sends at most this much before the app has read it. A
    // first sign-in's list pages are 70 KB each, 16 in flight, and the app's thread is busy
    // storing the pages before them: with undici's 512 KB for the connection (7 pages) the
    // server stalled behind each store until the app's reads opened the window again, a round
    // trip later. Room for every page in flight keeps the link busy while the app stores.
    connectionWindowSize: CONNECTION_WINDOW,
    initialWindowSize: STREAM_WINDOW,
    keepAliveTimeout: 10_000,
    connect: {
      timeout: opts.connectTimeoutMs ?? 10_000,
      rejectUnauthorized: true,
      ...(secureContext ? { secureContext } : {}),
    },
  });
}

/** Bytes an HTTP/2 connection may carry, and one stream, before the app has read them. */
const CONNECTION_WINDOW = 16 * 2 ** 20;
const STREAM_WINDOW = 2 * 2 ** 20;

/** Connections for writes at least: a push sends a few quotes' writes at the same time. */
const WRITE_CONNECTIONS = 16;

function unpipelined(origin: URL | string, options: object): Dispatcher {
  const client = new Client(origin, options);
  client.pipelining = undefined as unknown as number; // the protocol's default, once known
  return client;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const EVENTS = ['drain', 'connect', 'disconnect', 'connectionError'] as const;

/** One origin's dispatcher for the Agent: reads to one pool, writes to the other. */
class ReadsAndWrites extends Dispatcher {
  constructor(
    private readonly reads: Dispatcher,
    private readonly writes: Dispatcher,
  ) {
    super();
    for (const d of [reads, writes])
      for (const e of EVENTS)
        (d as unknown as EventEmitter).on(e, (...args: unknown[]) =>
          (this as unknown as EventEmitter).emit(e, ...args),
        );
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
    const pool = READS.has(String(options.method).toUpperCase()) ? this.reads : this.writes;
    return pool.dispatch(options, handler);
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    const done = Promise.all([this.reads.close(), this.writes.close()]).then(() => {});
    if (!callback) return done;
    void done.then(callback, callback);
  }

  override destroy(): Promise<void>;
  override destroy(err: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(err: Error | null, callback: () => void): void;
  override destroy(a?: Error | null | (() => void), b?: () => void): Promise<void> | void {
    const err = typeof a === 'function' ? null : (a ?? null);
    const callback = typeof a === 'function' ? a : b;
    const done = Promise.all([this.reads.destroy(err), this.writes.destroy(err)]).then(() => {});
    if (!callback) return done;
    void done.then(callback, callback);
  }
}
