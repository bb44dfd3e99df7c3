// Versions through the real core and the real server: a publish freezes version 1 with its
// proposal PDF; a restore after the lines changed (a parent and its add-on deleted, a quantity
// and the introduction changed) is what the server holds after the next sync, the add-on
// linked to its parent again; and versions are still there after the app starts again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuoteResponse } from '../../common/api';
import type { QuoteDetail } from '../../common/ipc';
import { startServer, type StartedServer } from '../helpers/server';
import { DEMO, login, ok, type Api } from '../helpers/server-api';
import { startHarness, type Harness, connectNorthwind } from './harness';

let server: StartedServer;
let remote: Api;
let h: Harness;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-versions-'));

async function start(): Promise<Harness> {
  return startHarness({ platform: { mode: 'browser' }, embedded: null, dataDir });
}

beforeAll(async () => {
  server = await startServer();
  remote = await login(server.baseUrl, server.ca, DEMO.ada);
  h = await start();
  await connectNorthwind(h, server);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await remote?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function synced(quoteId: string): Promise<QuoteDetail> {
  return h.waitFor(`quote ${quoteId} synced`, async () => {
    await h.call('sync.runNow', {});
    const d = await h.call('quotes.get', { quoteId });
    return d.sync.state === 'synced' && d.header.referenceCode ? d : null;
  });
}

async function onServer(serverId: string) {
  return ok(await remote.get(`/v2/quotes/${serverId}`), 200, QuoteResponse);
}

describe('versions of a quote', () => {
  it('publish freezes version 1 with its PDF; restore after changes reaches the server; versions survive a restart', async () => {
    const made = await h.call('quotes.create', { clientId: DEMO.clients.acme });
    const quoteId = made.header.id;
    await h.call('lineItems.add', {
      quoteId,
      items: [
        { type: 'Standard', productId: DEMO.products.m365, billingTerm: 'Monthly', quantity: 10 },
        { type: 'Standard', productId: DEMO.products.s1, billingTerm: 'Monthly', quantity: 10 },
        {
          type: 'Standard',
          productId: DEMO.products.s1Addon,
          billingTerm: 'Monthly',
          quantity: 10,
          requiredLineItemIndex: 1,
        },
      ],
    });
    await h.call('quotes.updateHeader', { quoteId, introMessage: 'As agreed on Monday' });
    await synced(quoteId);
    await h.call('quotes.publish', { quoteId });
    const sent = await synced(quoteId);
    const [m365, s1, addon] = sent.lineItems;

    const list = await h.call('versions.list', { quoteId });
    expect(list.versions.map((v) => [v.number, v.reason, v.status, v.lineCount])).toEqual([
      [1, 'published', 'sent', 3],
    ]);
    // Its proposal PDF is made from the version and kept.
    await h.waitFor('the version’s PDF', async () => {
      const [v] = (await h.call('versions.list', { quoteId })).versions;
      return v?.pdf ?? null;
    });
    const file = await h.call('versions.pdf', { quoteId, number: 1 });
    expect(Buffer.from(file.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    // Back to draft; the parent and its add-on go, a quantity and the introduction change.
    await h.call('quotes.setStatus', { quoteId, status: 'draft' });
    await h.call('lineItems.delete', { quoteId, lineItemIds: [s1!.id, addon!.id] });
    await h.call('lineItems.update', { quoteId, lineItemId: m365!.id, patch: { quantity: 25 } });
    await h.call('quotes.updateHeader', { quoteId, introMessage: 'Revised' });
    const changed = await synced(quoteId);
    expect((await onServer(changed.header.serverId!)).lineItems).toHaveLength(1);

    const cmp = await h.call('versions.compare', { quoteId, from: 1, to: 'now' });
    expect(cmp.diff.header).toEqual([
      { field: 'introMessage', from: 'As agreed on Monday', to: 'Revised' },
    ]);
    expect(cmp.diff.lines.map((l) => [l.change, l.name])).toEqual([
      ['changed', m365!.product.name],
      ['removed', s1!.product.name],
      ['removed', addon!.product.name],
    ]);

    const restored = await h.call('versions.restore', { quoteId, number: 1 });
    expect(restored.canUndo).toBe(true);
    expect(restored.lineItems.map((l) => l.id)).toEqual([m365!.id, s1!.id, addon!.id]);
    const after = await synced(quoteId);
    const q = await onServer(after.header.serverId!);
    expect(q.introMessage).toBe('As agreed on Monday');
    expect(q.lineItems.map((l) => [l.product.id, l.quantity])).toEqual([
      [DEMO.products.m365, 10],
      [DEMO.products.s1, 10],
      [DEMO.products.s1Addon, 10],
    ]);
    const parent = q.lineItems.find((l) => l.product.id === DEMO.products.s1)!;
    const child = q.lineItems.find((l) => l.product.id === DEMO.products.s1Addon)!;
    expect(child.relationship?.requiredLineItemId).toBe(parent.id);
    expect((await h.call('versions.compare', { quoteId, from: 1, to: 'now' })).diff.same).toBe(
      true,
    );

    // The app starts again: the versions are still there, compare and restore still work.
    await h.close();
    h = await start();
    const again = await h.call('versions.list', { quoteId });
    expect(again.versions.map((v) => [v.number, v.label, v.pdf !== null])).toEqual([
      [1, 'Published', true],
    ]);
  }, 240_000);
});
