// Without a keychain a secret lives only until the app closes. After a restart the profile is
// there without it: the secret is entered again for that same profile, which keeps its
// store, and the drafts that waited in it sync. No keychain here is the real condition: the
// session bus points nowhere for this whole file, so the real binding finds no Secret Service.
process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent';

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, fakeDialogPlatform, type Harness } from '../services/harness';
import { DEMO, login } from '../helpers/server-api';
import { REPO_ROOT, startServer, type StartedServer } from '../helpers/server';

let server: StartedServer;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-enter-secret-'));
const platform = fakeDialogPlatform([], null, []);

beforeAll(async () => {
  // The app's own demo seed: it has quotes for the first pull to bring in.
  server = await startServer({ seed: path.join(REPO_ROOT, 'server/seed/demo.json') });
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('entering a connection secret again, without a keychain', () => {
  let profileId = '';
  let draftId = '';

  it('first run: the secret is kept for the session; a draft waits unsynced', async () => {
    const h = await startHarness({ dataDir, platform, embedded: null });
    try {
      expect((await h.call('profiles.keychainStatus')).available).toBe(false);
      const added = await h.call('profiles.add', {
        name: 'Northwind',
        baseUrl: server.baseUrl,
        clientId: DEMO.ada.clientId,
        clientSecret: DEMO.ada.secret,
        caPem: server.ca,
      });
      expect(added.secret).toBe('memory');
      profileId = added.id;
      await h.call('profiles.switch', { profileId });
      await h.waitFor('the first pull', async () => {
        const l = await h.call('quotes.list', { account: 'partner', limit: 5 });
        return l.page.totalElements > 0;
      });
      await h.call('sync.pause');
      const draft = await h.call('quotes.create', { clientId: DEMO.clients.acme });
      draftId = draft.header.id;
      expect(draft.header.serverId ?? null).toBeNull();
      expect((await h.call('sync.status')).pendingCount).toBeGreaterThan(0);
    } finally {
      await h.close();
    }
  }, 120_000);

  it('after a restart: no secret; "Enter secret" for the same profile; the old draft syncs', async () => {
    const h: Harness = await startHarness({ dataDir, platform, embedded: null });
    try {
      const { profiles, activeId } = await h.call('profiles.list');
      expect(activeId).toBe(profileId);
      expect(profiles.find((p) => p.id === profileId)?.secret).toBe('none');
      expect((await h.call('profiles.test', { profileId })).ok).toBe(false);
      // The draft is still in this profile's store.
      const waiting = await h.call('quotes.get', { quoteId: draftId });
      expect(waiting.header.id).toBe(draftId);
      expect(waiting.header.serverId ?? null).toBeNull();

      const entered = await h.call('profiles.setSecret', {
        profileId,
        clientSecret: DEMO.ada.secret,
      });
      expect(entered).toMatchObject({ id: profileId, secret: 'memory', active: true });
      expect((await h.call('profiles.list')).profiles).toHaveLength(1);
      if ((await h.call('sync.status')).paused) await h.call('sync.resume');
      h.core.dispatch('sync.runNow', undefined, { via: 'test' }).catch(() => {});
      const serverId = await h.waitFor('the old draft to sync', async () => {
        const q = await h.call('quotes.get', { quoteId: draftId });
        return q.header.serverId;
      });
      const api = await login(server.baseUrl, server.ca, DEMO.ada);
      expect((await api.call('GET', `/v2/quotes/${serverId}`)).status).toBe(200);
    } finally {
      await h.close();
    }
  }, 120_000);
});
