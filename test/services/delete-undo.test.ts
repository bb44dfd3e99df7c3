// Undo of a delete gives back the same quote (same reference code): the delete is a step of
// the quote's own undo history, and held back from the server for the undo window. After it
// the quote is gone here and there, and a restore says so. Real core, real server, real sync
// engine.
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

  it("is one step of the same history: Undo (the editor's) brings it back, edits and all", async () => {
    const made = await h.call('quotes.create', { clientId: DEMO.clients.cedar });
    const quoteId = made.header.id;
    await h.call('quotes.updateHeader', { quoteId, introMessage: 'Dear Cedar' });
    await h.call('quotes.delete', { quoteId });
    expect(await h.refuse('quotes.get', { quoteId })).toMatchObject({ code: 'NOT_FOUND' });
    const back = await h.call('edits.undo', { quoteId });
    expect(back.header.id).toBe(quoteId);
    expect(back.header.introMessage).toBe('Dear Cedar');
    // The step before the delete is still there: one more Undo takes the introduction back.
    const earlier = await h.call('edits.undo', { quoteId });
    expect(earlier.header.introMessage).not.toBe('Dear Cedar');
  });

  it('after the window the delete reaches the server, and the quote cannot be restored', async () => {
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
    const refused = await h.refuse('quotes.restore', { quoteId: made.header.id });
    expect(refused).toMatchObject({ code: 'NOT_FOUND', field: 'quoteId' });
    expect(refused.message).toMatch(/delete has reached the server/);
  });
});
