// HTTP/2 where the server offers it, HTTP/1.1 where it does not: the same first sign-in
// against our server as it starts by default (HTTP/2 and HTTP/1.1 by ALPN) and started with
// --http1-only. The server's request log says which protocol each request came over.
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../main/api';
import { startServer, type StartedServer } from '../helpers/server';
import { ADA, BEN, CLIENTS, client, device } from './harness';

let server: StartedServer | undefined;
const clients: ApiClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  await server?.stop();
  server = undefined;
});

async function firstSignIn(s: StartedServer): Promise<{ held: number; listed: number }> {
  const ben = client(s, BEN);
  const ada = client(s, ADA);
  clients.push(ben, ada);
  for (let i = 0; i < 3; i++) await ben.createQuote({ clientId: CLIENTS.acme.id });
  const d = device(ada);
  const r = await d.engine.syncOnce();
  expect(r.retry).toBeNull();
  const listed = (await ada.listQuotes({ account: 'partner', limit: 1 })).page.totalElements;
  const held = d.store
    .listQuotes({ account: 'partner', limit: 100 })
    .content.filter((e) => !e.stub);
  d.store.close();
  return { held: held.length, listed };
}

function protocols(s: StartedServer): Set<string> {
  return new Set(
    s
      .stderr()
      .split('\n')
      .filter((l) => l.includes('"event":"request"') && l.includes('/v2/quotes'))
      .map((l) => (JSON.parse(l) as { http: string }).http),
  );
}

describe('the client speaks HTTP/2 where offered and HTTP/1.1 otherwise', () => {
  it('syncs over HTTP/2 with our server as it starts by default', async () => {
    server = await startServer();
    const { held, listed } = await firstSignIn(server);
    expect(held).toBe(listed);
    await server.waitForLog('"http":"2.0"');
    expect(protocols(server)).toEqual(new Set(['2.0']));
  });

  it('an HTTP/1.1-only server still syncs', async () => {
    server = await startServer({ args: ['--http1-only'] });
    const { held, listed } = await firstSignIn(server);
    expect(held).toBe(listed);
    await server.waitForLog('"http":"1.1"');
    expect(protocols(server)).toEqual(new Set(['1.1']));
  });
});
