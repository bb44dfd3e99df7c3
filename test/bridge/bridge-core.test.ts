// Browser mode end to end in Node: the real core behind the real bridge, called the way the
// renderer calls it (createHttpBridge + createIpcClient over fetch), events over SSE.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpBridge, createIpcClient, type IpcClient } from '../../common/ipc';
import { startBridge, type HttpBridge } from '../../main/bridge';
import { startServer, type StartedServer } from '../helpers/server';
import { DEMO } from '../helpers/server-api';
import { startHarness, type Harness } from '../services/harness';

let server: StartedServer;
let h: Harness;
let bridge: HttpBridge;
let ipc: IpcClient;

beforeAll(async () => {
  server = await startServer();
  h = await startHarness({ platform: { mode: 'browser' }, embedded: null });
  bridge = await startBridge({ dispatch: h.core.dispatch, hub: h.core.hub });
  ipc = createIpcClient(createHttpBridge({ baseUrl: bridge.origin, token: bridge.token }));
});
afterAll(async () => {
  await bridge?.close();
  await h?.close();
  await server?.stop();
});

/** The next SSE message of the given event, read from a raw stream as a browser would. */
function nextEvent(event: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${bridge.origin}/events?token=${encodeURIComponent(bridge.token)}`,
      (res) => {
        let buf = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buf += chunk;
          for (const line of buf.split('\n')) {
            if (!line.startsWith('data: ')) continue;
            const msg = JSON.parse(line.slice(6)) as { event: string; payload: unknown };
            if (msg.event === event) {
              req.destroy();
              resolve(msg.payload);
            }
          }
        });
      },
    );
    req.on('error', reject);
  });
}

describe('the core over the browser bridge', () => {
  it('answers calls with typed results, and errors as values', async () => {
    const info = await ipc.call('app.info');
    expect(info.mode).toBe('browser');
    const missing = await ipc.invoke('quotes.get', { quoteId: 'nope' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', field: 'quoteId' } });
    const bad = await ipc.invoke('quotes.list', { limit: 1000 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'limit' } });
  });

  it('refuses desktop-only calls in the browser', async () => {
    const res = await ipc.invoke('app.choosePdfFiles', { multiple: true });
    expect(res).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED' } });
  });

  it('takes no file path from the page: files come as bytes, path calls are refused', async () => {
    // A page (or anything holding the token) naming a file on this computer gets nothing.
    for (const [name, input] of [
      ['attachments.addFromPaths', { quoteId: 'q1', paths: ['/etc/passwd'] }],
      ['library.addFromPaths', { paths: ['/etc/passwd'] }],
      ['attachments.saveZip', { quoteId: 'q1', path: '/tmp/quotedesk-bridge.zip' }],
      ['app.chooseSavePath', { defaultName: 'x.zip' }],
      ['app.openExternal', { url: 'https://example.com/' }],
    ] as const) {
      const res = await ipc.invoke(name, input as never);
      expect(res, name).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED' } });
    }
  });

  it('streams the core events: a profile switch reaches the page', async () => {
    const added = await ipc.call('profiles.add', {
      name: 'Northwind',
      baseUrl: server.baseUrl,
      clientId: DEMO.ada.clientId,
      clientSecret: DEMO.ada.secret,
      caPem: server.ca,
    });
    const event = nextEvent('profile.changed');
    await new Promise((r) => setTimeout(r, 100));
    await ipc.call('profiles.switch', { profileId: added.id });
    expect(await event).toMatchObject({ active: { id: added.id, name: 'Northwind' } });
  });

  it('never puts the client secret in an answer', async () => {
    const list = await fetch(`${bridge.origin}/ipc/profiles.list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-quotedesk-token': bridge.token },
      body: '{}',
    });
    expect(await list.text()).not.toContain(DEMO.ada.secret);
  });
});
