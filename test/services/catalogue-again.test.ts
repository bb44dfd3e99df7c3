// The offline catalogue is copied when a connection is first used; when that copy is cut short
// because the server cannot be reached, it is taken again once a sync gets through, so the
// client and product pickers work offline afterwards. Real server, real core, real store.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../helpers/server';
import { DEMO } from '../helpers/server-api';
import { fakeDialogPlatform, startHarness, type Harness } from './harness';

let server: StartedServer;
let h: Harness;
// One data directory across the restart: the server keeps its CA and its data.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-catalogue-server-'));

beforeAll(async () => {
  server = await startServer({ dataDir });
  h = await startHarness({ platform: fakeDialogPlatform([], null, []), embedded: null });
});
afterAll(async () => {
  await h?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const products = async (search: string) =>
  (await h.call('catalogue.products', { search, page: 0, size: 10 })).content.map((p) => p.name);

describe('the offline catalogue', () => {
  it('is copied again after a first copy failed, once the server is reachable', async () => {
    const added = await h.call('profiles.add', {
      name: 'Northwind',
      baseUrl: server.baseUrl,
      clientId: DEMO.ada.clientId,
      clientSecret: DEMO.ada.secret,
      caPem: server.ca,
    });
    const port = Number(new URL(server.baseUrl).port);
    await server.stop();

    // The connection is first used while the server is away: nothing to pick from.
    await h.call('profiles.switch', { profileId: added.id });
    expect(await products('Business Prem')).toEqual([]);

    server = await startServer({ dataDir, port });
    await h.call('sync.runNow');
    const names = await h.waitFor('the catalogue copied again', async () => {
      const found = await products('Business Prem');
      return found.length > 0 && found;
    });
    expect(names).toContain('Microsoft 365 Business Premium');
    // Its prices came too: a Standard item can be priced offline.
    const pricing = await h.call('catalogue.pricing', {
      productId: (await h.call('catalogue.products', { search: 'Business Prem', page: 0, size: 1 }))
        .content[0]!.id,
    });
    expect(pricing.prices.length).toBeGreaterThan(0);
  });
});
