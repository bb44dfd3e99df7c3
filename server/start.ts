import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadSigningKey } from './auth/keys';
import { buildApp } from './app';
import { Ctx } from './context';
import { openServingDatabase } from './db';
import { FileStore } from './files/store';
import { log } from './http/log';
import { loadSeed, readSeed, withOwnSecret } from './seed/load';
import { ensureTls } from './tls/certificates';

export interface StartOptions {
  dataDir: string;
  port?: number;
  /** A seed file in the format of fixtures/demo-seed.json. */
  seed?: string;
  host?: string;
  /** This installation's secret for the seed's first credential; the others get random ones. */
  clientSecret?: string;
  /** Offer HTTP/2 by ALPN beside HTTP/1.1 (default true). */
  http2?: boolean;
}

export interface RunningServer {
  baseUrl: string;
  caFile: string;
  ca: string;
  dataDir: string;
  close(): Promise<void>;
}

/** Starts the Quoting API over HTTPS on 127.0.0.1 (port 0 = any free port). */
export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const dataDir = resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const read = opts.seed ? readSeed(opts.seed) : undefined;
  const seed = read && opts.clientSecret ? withOwnSecret(read, opts.clientSecret) : read;
  const tls = ensureTls(dataDir);
  const { db, checkpointer } = openServingDatabase(dataDir);
  const files = new FileStore(dataDir);
  const ctx = new Ctx(db, dataDir, files, loadSigningKey(dataDir));
  try {
    const referenced = new Set(
      db.prepare('SELECT DISTINCT sha256 FROM attachments').pluck().all() as string[],
    );
    const swept = files.sweep(referenced);
    if (swept.partial || swept.orphans) log('info', 'files.swept', swept);
    // Progress on stderr: the app waiting for its embedded server waits as long as it goes on.
    if (seed) loadSeed(ctx, seed, (quotes, of) => log('info', 'seed.progress', { quotes, of }));
    const app = await buildApp(ctx, tls, { http2: opts.http2 ?? true });
    await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    ctx.baseUrl = `https://127.0.0.1:${port}`;
    log('info', 'started', { baseUrl: ctx.baseUrl, dataDir });
    let closed: Promise<void> | undefined;
    return {
      baseUrl: ctx.baseUrl,
      caFile: tls.caFile,
      ca: tls.ca,
      dataDir,
      close() {
        closed ??= (async () => {
          await app.close();
          await checkpointer.stop();
          db.close();
          log('info', 'stopped', {});
        })();
        return closed;
      },
    };
  } catch (e) {
    await checkpointer.stop();
    db.close();
    throw e;
  }
}
