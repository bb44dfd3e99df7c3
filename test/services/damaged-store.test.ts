// A damaged store file never strands a draft: noticed by the call that hits it, edits refused
// in words, repaired by the user or at the next start — unsynced work read back and sent,
// everything else downloaded again from the real (embedded) Quoting API.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { policyFrom } from '../../main/core/policy';
import { EMBEDDED_DEMO } from '../helpers/server';
import { overwritePages, pagesOf } from '../store/pages';
import { startHarness, type Harness } from './harness';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-damaged-'));
const storeFile = path.join(dataDir, 'stores', 'demo', 'quotedesk.sqlite');
let h: Harness | undefined;

afterAll(async () => {
  await h?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// The store unencrypted by the organisation's choice (policy dataProtection: none), as it is
// wherever no keychain is reachable, so the test finds a table's pages by reading the file
// itself; the damage of an encrypted store is test/store/damage.test.ts's.
const policy = policyFrom('/etc/quotedesk/policy.json', { dataProtection: 'none' });
const start = () =>
  startHarness({ dataDir, platform: { mode: 'browser' }, embedded: EMBEDDED_DEMO, policy });
const idle = (x: Harness) =>
  x.waitFor('sync to be idle with every quote whole', async () => {
    const s = await x.call('sync.status');
    return !!s.lastSyncAt && !s.running && (!s.fill || s.fill.held >= s.fill.total) && s;
  });

describe('a damaged store in the running app', () => {
  let draftId = '';
  const intro = 'Draft written offline: three seats, delivery in March';

  it('is noticed at the call that hits it, refuses edits in words, and the repair keeps the unsynced draft', async () => {
    h = await start();
    await idle(h);
    await h.call('sync.pause');
    const clients = await h.call('catalogue.clients', {});
    const draft = await h.call('quotes.create', { clientId: clients.content[0]!.id });
    draftId = draft.header.id;
    await h.call('quotes.updateHeader', { quoteId: draftId, introMessage: intro });
    const before = await h.call('quotes.list', { account: 'partner', limit: 100 });
    await h.core.close();

    overwritePages(storeFile, pagesOf(storeFile, 'quote_search_data'));
    h = await start();
    await h.call('sync.pause');
    const hit = await h.refuse('quotes.list', { search: 'Acme', account: 'partner' });
    expect(hit.code).toBe('STORE_DAMAGED');
    expect(hit.message).toMatch(/damaged/);
    expect(hit.message).not.toMatch(/SQLITE|malformed|disk image/i);
    const edit = await h.refuse('quotes.updateHeader', { quoteId: draftId, introMessage: 'x' });
    expect(edit.code).toBe('STORE_DAMAGED');
    expect(h.events.filter((e) => e.event === 'store.health')).toHaveLength(1);
    expect((await h.call('store.health')).damaged).toBe(true);

    const report = await h.call('store.recover');
    expect(report.recovered).toEqual([expect.stringContaining(clients.content[0]!.name)]);
    expect(report.lost).toEqual([]);
    expect(fs.existsSync(report.movedTo)).toBe(true);
    expect((await h.call('store.health')).damaged).toBe(false);
    expect((await h.call('quotes.get', { quoteId: draftId })).header.introMessage).toBe(intro);

    await h.call('sync.resume');
    const synced = await h.waitFor('the draft sent and the rest downloaded again', async () => {
      const q = await h!.call('quotes.get', { quoteId: draftId });
      const l = await h!.call('quotes.list', { account: 'partner', limit: 100 });
      return !!q.header.serverId && l.page.totalElements === before.page.totalElements && q;
    });
    expect(synced.header.introMessage).toBe(intro);
    const found = await h.call('quotes.list', { search: 'Acme', account: 'partner' });
    expect(found.page.totalElements).toBeGreaterThan(0);
  });

  it('found damaged and left so, is repaired at the next start, which says what came back', async () => {
    await idle(h!);
    await h!.call('sync.pause');
    await h!.call('quotes.updateHeader', { quoteId: draftId, introMessage: `${intro}, v2` });
    await h!.core.close();
    overwritePages(storeFile, pagesOf(storeFile, 'quote_search_data'));
    h = await start();
    await h.call('sync.pause');
    expect((await h.refuse('quotes.list', { search: 'Acme', account: 'partner' })).code).toBe(
      'STORE_DAMAGED',
    );
    await h.core.close();

    h = await start();
    const health = await h.call('store.health');
    expect(health.damaged).toBe(false);
    expect(health.lastRepair?.recovered).toHaveLength(1);
    expect(health.lastRepair?.message).toMatch(/1 quote with changes not yet synced was recovered/);
    const q = await h.call('quotes.get', { quoteId: draftId });
    expect(q.header.introMessage).toBe(`${intro}, v2`);
  });
});
