// Undo of a delete gives back the same quote (same reference code): the delete is held back
// from the server for the undo window. After it, a restore is a new quote, and says so by
// getting a new id. Real core, real server, real sync engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteDetail } from '../../common/ipc';
import { startServer, type StartedServer } from '../helpers/server';
import { DEMO, login, type Api } from '../helpers/server-api';
import { startHarness, type Harness, connectNorthwind } from './harness';

let server: StartedServer;
let remote: Api;
let h: Harness;

beforeAll(async () => {
  server = await startServer();
  remote = await login(server.baseUrl, server.ca, DEMO.ada);
  h = await startHarness({ platform: { mode: 'browser' }, embedded: null });
  await connectNorthwind(h, server);
});
afterAll(async () => {
  await h?.close();
  await remote?.close();
  await server?.stop();
});

function synced(quoteId: string): Promise<QuoteDetail> {
  return h.waitFor(`quote ${quoteId} synced`, async () => {
    await h.call('sync.runNow', {});
    const d = await h.call('quotes.get', { quoteId });
    return d.sync.state === 'synced' && d.header.referenceCode ? d : null;
  });
}

async function onServer(serverId: string): Promise<number> {
  return (await remote.get(`/v2/quotes/${serverId}`)).status;
}

describe('undo of a delete', () => {
  it('within the undo window brings back the same quote, which the server never lost', async () => {
    const made = await h.call('quotes.create', { clientId: DEMO.clients.acme });
    const before = await synced(made.header.id);
    await h.call('quotes.delete', { quoteId: made.header.id });
    // A sync in the window does not send the delete.
    await h.call('sync.runNow', {});
    await h.waitFor('a cycle', async () => !(await h.call('sync.status')).running);
    expect(await onServer(before.header.serverId!)).toBe(200);

    const back = await h.call('quotes.restore', { quoteId: made.header.id });
    expect(back.header.id).toBe(made.header.id);
    expect(back.header.referenceCode).toBe(before.header.referenceCode);
    const after = await synced(made.header.id);
    expect(after.header.serverId).toBe(before.header.serverId);
    expect(await onServer(before.header.serverId!)).toBe(200);
  });

  it('after the window the delete reaches the server, and a restore is a new quote', async () => {
    const made = await h.call('quotes.create', { clientId: DEMO.clients.blueFjord });
    const before = await synced(made.header.id);
    await h.call('quotes.delete', { quoteId: made.header.id });
    await h.waitFor(
      'the delete on the server',
      async () => {
        await h.call('sync.runNow', {});
        return (await onServer(before.header.serverId!)) === 400;
      },
      200,
    );
    const back = await h.call('quotes.restore', { quoteId: made.header.id });
    expect(back.header.id).not.toBe(made.header.id);
    const after = await synced(back.header.id);
    expect(after.header.referenceCode).not.toBe(before.header.referenceCode);
  });
});
