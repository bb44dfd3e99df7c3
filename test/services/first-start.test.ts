// A newcomer's first start: no profile anywhere → the embedded Quoting API starts as a child
// process in the data directory with its demo seed, a "Demo" profile points at it, and the
// quote list fills with the demo quotes. The second start reuses the server's data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_DEMO } from '../helpers/server';
import { Api } from '../helpers/server-api';
import { startHarness, type Harness } from './harness';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-first-start-'));
let h: Harness | undefined;

afterAll(async () => {
  await h?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('first start', () => {
  it('starts the embedded server, creates the Demo profile and shows the demo quotes', async () => {
    h = await startHarness({ dataDir, platform: { mode: 'browser' }, embedded: EMBEDDED_DEMO });
    const info = await h.call('app.info');
    expect(info.embeddedServerUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(fs.existsSync(path.join(dataDir, 'embedded-server'))).toBe(true);
    const { profiles, activeId } = await h.call('profiles.list');
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({
      id: activeId,
      name: 'Demo',
      isDemo: true,
      baseUrl: info.embeddedServerUrl,
    });
    const list = await h.waitFor('the demo quotes', async () => {
      const l = await h!.call('quotes.list', { limit: 100 });
      return l.page.totalElements > 0 && l;
    });
    // The demo user's own quotes (account=user), synced from the server.
    expect(list.content.every((q) => q.serverId && q.referenceCode)).toBe(true);
    const clients = await h.call('catalogue.clients', {});
    expect(clients.content.map((c) => c.name)).toContain('Acme Dental Group');
  });

  it("the embedded server takes only this installation's own secret, never the published one", async () => {
    const info = await h!.call('app.info');
    const ca = fs.readFileSync(path.join(dataDir, 'embedded-server', 'tls', 'ca.pem'), 'utf8');
    const seed = JSON.parse(fs.readFileSync(EMBEDDED_DEMO.seedFile, 'utf8')) as {
      partners: Array<{ credentials: Array<{ clientId: string; clientSecret: string }> }>;
    };
    const api = new Api(info.embeddedServerUrl!, ca);
    try {
      for (const c of seed.partners.flatMap((p) => p.credentials)) {
        const r = await api.call('POST', '/v1/token', {
          token: null,
          body: {
            audience: info.embeddedServerUrl,
            grant_type: 'client_credentials',
            client_id: c.clientId,
            client_secret: c.clientSecret,
          },
        });
        expect(r.status, `${c.clientId} with the published secret`).toBe(401);
      }
    } finally {
      await api.close();
    }
    // …while the app itself is signed in (it synced the demo quotes above) and stays so.
    expect((await h!.call('profiles.test', { profileId: 'demo' })).ok).toBe(true);
  });

  it('starts again on the same data: same profile, same quotes, nothing duplicated', async () => {
    const idle = (x: Harness) =>
      x.waitFor('the pull to finish', async () => {
        const s = await x.call('sync.status');
        return !!s.lastSyncAt && !s.running;
      });
    await idle(h!);
    const before = await h!.call('quotes.list', { account: 'partner', limit: 100 });
    expect(before.page.totalElements).toBe(10);
    await h!.core.close();
    h = await startHarness({ dataDir, platform: { mode: 'browser' }, embedded: EMBEDDED_DEMO });
    const { profiles } = await h.call('profiles.list');
    expect(profiles.map((p) => p.name)).toEqual(['Demo']);
    await idle(h);
    const after = await h.call('quotes.list', { account: 'partner', limit: 100 });
    expect(after.page.totalElements).toBe(before.page.totalElements);
  });
});
