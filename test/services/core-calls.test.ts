// Every call of the IPC contract, through the core's dispatcher, against the real store, the
// real vault, the real sync engine and the real Quoting API over HTTPS.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callNames, type CallName, type IpcInput, type QuoteDetail } from '../../common/ipc';
import { REPO_ROOT, startServer, type StartedServer } from '../helpers/server';
import { DEMO, login, type Api } from '../helpers/server-api';
import { fakeDialogPlatform, pdfBytes, startHarness, type Harness } from './harness';

const exercised = new Set<CallName>();
let server: StartedServer;
let remote: Api;
let h: Harness;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-core-files-'));
const pdfOnDisk = path.join(scratch, 'Datasheet.pdf');
const savedZip = path.join(scratch, 'saved.zip');
const opened: string[] = [];

function call<N extends CallName>(name: N, input?: IpcInput<N>, via?: 'test' | 'browser') {
  exercised.add(name);
  return h.call(name, input, via);
}
async function refuse(name: CallName, input?: unknown, via: 'test' | 'browser' = 'test') {
  exercised.add(name);
  return h.refuse(name, input, via);
}

beforeAll(async () => {
  fs.writeFileSync(pdfOnDisk, pdfBytes('on disk'));
  // The app's own demo seed: it has quotes for the first pull to bring in.
  server = await startServer({ seed: path.join(REPO_ROOT, 'server/seed/demo.json') });
  remote = await login(server.baseUrl, server.ca, DEMO.ada);
  h = await startHarness({
    platform: {
      ...fakeDialogPlatform([pdfOnDisk], savedZip, opened),
      chooseCaFile: async () => server.caFile,
      // The open dialog answers the file last saved (a drafts or a kit file).
      chooseDraftsFile: async () => savedZip,
    },
    embedded: null,
  });
});
afterAll(async () => {
  await h?.close();
  await remote?.close();
  await server?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('the core without a profile', () => {
  it('says what it is and where its data lives', async () => {
    const info = await call('app.info');
    expect(info).toMatchObject({ name: 'Quotedesk', mode: 'electron', dataDir: h.dataDir });
    expect(info.logsDir).toBe(path.join(h.dataDir, 'logs'));
  });

  it("keeps the partner's logo on this computer, and presents only a quote it holds", async () => {
    expect(await call('partnerLogo.get')).toEqual({ logo: null });
    await refuse('partnerLogo.set', { mimeType: 'text/plain' });
    await call('partnerLogo.clear');
    await refuse('present.view', { quoteId: '00000000-0000-4000-8000-000000000000' });
  });

  it('keeps working locally and says plainly why nothing syncs', async () => {
    const status = await call('sync.status');
    expect(status.available).toBe(false);
    expect(status.reason).toMatch(/No connection profile/);
    const list = await call('quotes.list', {});
    expect(list.content).toEqual([]);
    expect(list.page).toMatchObject({ number: 0, size: 10, totalElements: 0 });
    expect((await call('profiles.list')).activeId).toBeNull();
    const ks = await call('profiles.keychainStatus');
    expect(ks.message.length).toBeGreaterThan(10);
  });

  it('says how the quotes on this computer are protected, and refuses lock-screen actions while open', async () => {
    const access = await call('storeAccess.status');
    expect(access.state).toBe('open');
    if (access.state === 'open') expect(access.message.length).toBeGreaterThan(20);
    // Unlocking an open store changes nothing; choosing or starting over is refused.
    expect((await call('storeAccess.unlock', { passphrase: 'anything at all' })).state).toBe(
      'open',
    );
    expect((await refuse('storeAccess.choose', { mode: 'none' })).code).toBe('VALIDATION');
    expect((await refuse('storeAccess.startOver', { confirm: true })).code).toBe('VALIDATION');
  });

  it('refuses a publish while nothing can reach the server', async () => {
    const err = await refuse('quotes.publish', { quoteId: 'nope' });
    expect(err.code).toBe('SYNC_UNAVAILABLE');
  });
});

describe('profiles', () => {
  it('tests credentials before saving them, in words a salesperson can act on', async () => {
    const base = {
      name: 'Northwind',
      baseUrl: server.baseUrl,
      clientId: DEMO.ada.clientId,
      caPem: server.ca,
    };
    const wrong = await call('profiles.test', { ...base, clientSecret: 'not-the-secret' });
    expect(wrong.ok).toBe(false);
    expect(wrong.message).not.toContain('not-the-secret');
    const right = await call('profiles.test', { ...base, clientSecret: DEMO.ada.secret });
    expect(right.ok).toBe(true);
  });

  it('reads a CA file only from its own dialog, keeps a copy, and tells a page nothing of other files', async () => {
    const base = {
      name: 'Northwind',
      baseUrl: server.baseUrl,
      clientId: DEMO.ada.clientId,
      clientSecret: DEMO.ada.secret,
    };
    // Typed in the page: refused the same way whether the file exists or not.
    const existing = await refuse('profiles.test', { ...base, caFile: server.caFile });
    const missing = await refuse('profiles.add', { ...base, caFile: '/nonexistent/ca.pem' });
    const secretFile = await refuse('profiles.add', { ...base, caFile: '/etc/shadow' });
    for (const e of [existing, missing, secretFile]) {
      expect(e).toMatchObject({ code: 'VALIDATION', field: 'caFile' });
      expect(e.message).toBe(existing.message);
      expect(e.message).not.toMatch(/ca\.pem|shadow|nonexistent/);
    }
    // Chosen in main's own dialog: read, and the profile keeps a copy in the data folder.
    const { path: chosen } = await call('app.chooseCaFile');
    expect(chosen).toBe(server.caFile);
    expect((await call('profiles.test', { ...base, caFile: chosen! })).ok).toBe(true);
    const notPem = await refuse('profiles.test', { ...base, caPem: 'just some text' });
    expect(notPem).toMatchObject({ code: 'VALIDATION', field: 'caPem' });
    const kept = fs.readdirSync(path.join(h.dataDir, 'ca'));
    expect(kept).toHaveLength(1);
    expect(fs.readFileSync(path.join(h.dataDir, 'ca', kept[0]!), 'utf8')).toBe(server.ca);
  });

  it('refuses a plain-http address, naming the field', async () => {
    const err = await refuse('profiles.add', {
      name: 'x',
      baseUrl: 'http://127.0.0.1:1',
      clientId: 'a',
      clientSecret: 'b',
    });
    expect(err).toMatchObject({ code: 'INVALID_INPUT', field: 'baseUrl' });
  });

  it('adds, tests and switches to a profile; sync starts and the partner quotes arrive', async () => {
    const added = await call('profiles.add', {
      name: 'Northwind',
      baseUrl: server.baseUrl,
      clientId: DEMO.ada.clientId,
      clientSecret: DEMO.ada.secret,
      caPem: server.ca,
    });
    expect(added).toMatchObject({ name: 'Northwind', active: false, isDemo: false });
    expect(added.secret).not.toBe('none');
    expect((await call('profiles.test', { profileId: added.id })).ok).toBe(true);
    // Entering the secret again keeps the profile (and so its store), and it still works.
    const again = await call('profiles.setSecret', {
      profileId: added.id,
      clientSecret: DEMO.ada.secret,
    });
    expect(again.id).toBe(added.id);
    expect(
      (await refuse('profiles.setSecret', { profileId: added.id, clientSecret: '' })).field,
    ).toBe('clientSecret');
    expect((await call('profiles.test', { profileId: added.id })).ok).toBe(true);
    const switched = await call('profiles.switch', { profileId: added.id });
    expect(switched.active).toBe(true);
    expect(h.events.some((e) => e.event === 'profile.changed')).toBe(true);
    expect((await call('sync.status')).available).toBe(true);
    const list = await h.waitFor('the first pull', async () => {
      const l = await call('quotes.list', { account: 'partner', limit: 100 });
      return l.page.totalElements > 0 && l;
    });
    expect(list.content.every((q) => q.serverId && q.sync.state === 'synced')).toBe(true);
    expect(list.statusCounts.draft).toBeGreaterThan(0);
  });

  it('keeps attachments for offline preview within the disk budget Settings shows', async () => {
    expect(await call('sync.offlineFiles')).toMatchObject({ budgetMiB: 1024 });
    const set = await call('sync.setOfflineBudget', { budgetMiB: 200 });
    expect(set.budgetMiB).toBe(200);
    expect(set.usedBytes).toBeGreaterThanOrEqual(0);
    expect((await call('sync.offlineFiles')).budgetMiB).toBe(200);
    const err = await refuse('sync.setOfflineBudget', { budgetMiB: -5 });
    expect(err).toMatchObject({ code: 'INVALID_INPUT', field: 'budgetMiB' });
    expect((await call('sync.offlineFiles')).budgetMiB).toBe(200);
  });

  it('shows the quotes held offline and listed only, and keeps all offline when asked', async () => {
    const before = await call('sync.offlineQuotes');
    expect(before.keepAll).toBe(false);
    // The demo's quotes are all recent: every one is held (or on its way), none only listed.
    expect(before.held.count + before.downloading).toBeGreaterThan(0);
    expect(before.held.bytes).toBeGreaterThan(0);
    expect(before.listedOnly.count).toBe(0);
    const on = await call('sync.setKeepAllOffline', { keepAll: true });
    expect(on.keepAll).toBe(true);
    expect((await call('sync.offlineQuotes')).keepAll).toBe(true);
    expect((await call('sync.setKeepAllOffline', { keepAll: false })).keepAll).toBe(false);
  });
});

describe('catalogue', () => {
  it('finds clients and products offline-fast from the local copy', async () => {
    const clients = await call('catalogue.clients', { search: 'acme' });
    expect(clients.content.map((c) => c.name)).toContain('Acme Dental Group');
    const products = await call('catalogue.products', { search: 'sentinel', size: 1 });
    expect(products.content).toHaveLength(1);
    expect(products.page.totalElements).toBe(2);
    const terms = await call('catalogue.commitmentTerms');
    expect(terms.terms.length).toBeGreaterThan(0);
  });

  it('prices a product per billing term in the quote spelling', async () => {
    const { prices } = await call('catalogue.pricing', { productId: DEMO.products.m365 });
    expect(prices.map((p) => p.billingTerm).sort()).toEqual(['Annual', 'Monthly']);
    expect(prices.find((p) => p.billingTerm === 'Monthly')).toMatchObject({
      cost: 19.8,
      suggestedPrice: 22,
    });
  });
});

describe('building a quote', () => {
  let q: QuoteDetail;
  let sectionA: string;
  let sectionB: string;

  it('creates a draft for a catalogue client with the preferences defaults', async () => {
    const before = h.events.length;
    q = await call('quotes.create', { clientId: DEMO.clients.acme });
    expect(q.header).toMatchObject({
      status: 'draft',
      client: { name: 'Acme Dental Group' },
      serverId: null,
    });
    expect(q.editable).toBe(true);
    expect(q.allowedTransitions).toContain('sent');
    const changed = h.events.slice(before).find((e) => e.event === 'quote.changed');
    expect(changed?.payload).toMatchObject({ quoteId: q.header.id, source: 'local' });
    expect((await refuse('quotes.create', { clientId: 'no-such-client' })).field).toBe('clientId');
  });

  it('edits the header, and refuses an edit that changes nothing', async () => {
    q = await call('quotes.updateHeader', { quoteId: q.header.id, introMessage: 'Hello Acme' });
    expect(q.header.introMessage).toBe('Hello Acme');
    expect((await refuse('quotes.updateHeader', { quoteId: q.header.id })).code).toBe(
      'INVALID_INPUT',
    );
  });

  it('adds the three kinds of line items into two sections, with totals', async () => {
    const a = await call('sections.create', { quoteId: q.header.id, name: 'Licences' });
    sectionA = a.sectionId;
    const b = await call('sections.create', { quoteId: q.header.id, name: 'Services' });
    sectionB = b.sectionId;
    const added = await call('lineItems.add', {
      quoteId: q.header.id,
      sectionId: sectionA,
      items: [
        {
          type: 'Standard',
          productId: DEMO.products.m365,
          billingTerm: 'Monthly',
          quantity: 10,
          price: 22,
        },
        {
          type: 'UsageBased',
          productId: DEMO.products.storage,
          billingTerm: 'Monthly',
          quantity: 100,
          price: 0.1,
          cost: 0.05,
          usageBased: { type: 'QTY_VARIES', displayNote: true },
        },
      ],
    });
    expect(added.lineItemIds).toHaveLength(2);
    const custom = await call('lineItems.add', {
      quoteId: q.header.id,
      sectionId: sectionB,
      items: [
        {
          type: 'Custom',
          productName: 'Onsite setup',
          productSku: 'SETUP-1',
          billingTerm: 'One-Time',
          quantity: 1,
          price: 500,
          cost: 300,
          initialTotal: 500,
        },
      ],
    });
    q = custom.quote;
    expect(q.lineItems.map((l) => l.kind)).toEqual(['Standard', 'UsageBased', 'Custom']);
    expect(q.sections.map((s) => s.lineItemIds.length)).toEqual([2, 1]);
    expect(q.totals.recurringTotal.amount).toBe(230); // 10 × 22 + 100 × 0.10
    expect(q.totals.recurringCost.amount).toBe(203); // 10 × 19.80 + 100 × 0.05
    expect(q.totals.initialTotal.amount).toBe(500);
  });

  it('refuses a custom name with symbols at the field, and writes nothing', async () => {
    const err = await refuse('lineItems.add', {
      quoteId: q.header.id,
      items: [
        {
          type: 'Custom',
          productName: 'Bad!',
          billingTerm: 'Monthly',
          quantity: 1,
          price: 1,
          cost: 1,
          initialTotal: 0,
        },
      ],
    });
    expect(err).toMatchObject({ code: 'INVALID_INPUT', field: 'items.0.productName' });
    expect((await call('quotes.get', { quoteId: q.header.id })).lineItems).toHaveLength(3);
  });

  it('updates a quantity and the totals follow', async () => {
    q = await call('lineItems.update', {
      quoteId: q.header.id,
      lineItemId: q.lineItems[0]!.id,
      patch: { quantity: 20 },
    });
    expect(q.totals.recurringTotal.amount).toBe(450);
  });

  it('moves items between sections and reorders, renames and deletes sections', async () => {
    const custom = q.lineItems[2]!.id;
    q = await call('lineItems.move', {
      quoteId: q.header.id,
      lineItemIds: [custom],
      sectionId: sectionA,
      index: 0,
    });
    expect(q.sections.find((s) => s.id === sectionA)?.lineItemIds[0]).toBe(custom);
    q = await call('sections.reorder', { quoteId: q.header.id, sectionIds: [sectionB, sectionA] });
    expect(q.sections.map((s) => s.id)).toEqual([sectionB, sectionA]);
    expect(
      (await refuse('sections.reorder', { quoteId: q.header.id, sectionIds: [sectionA] })).field,
    ).toBe('sectionIds');
    q = await call('sections.rename', {
      quoteId: q.header.id,
      sectionId: sectionB,
      name: 'Extras',
    });
    expect(q.sections[0]?.name).toBe('Extras');
    q = await call('sections.delete', { quoteId: q.header.id, sectionId: sectionB });
    expect(q.sections.map((s) => s.id)).toEqual([sectionA]);
    expect(q.lineItems).toHaveLength(3);
  });

  it('shares with recipients and stops sharing', async () => {
    expect(
      (
        await refuse('accessList.add', {
          quoteId: q.header.id,
          entries: [{ email: 'not-an-email' }],
        })
      ).field,
    ).toBe('entries.0.email');
    q = await call('accessList.add', {
      quoteId: q.header.id,
      entries: [{ email: 'buyer@acme.example' }, { email: 'cfo@acme.example' }],
    });
    expect(q.accessList.map((e) => e.email)).toEqual(['buyer@acme.example', 'cfo@acme.example']);
    q = await call('accessList.remove', { quoteId: q.header.id, entryId: q.accessList[1]!.id });
    expect(q.accessList).toHaveLength(1);
  });

  it('attaches PDFs from bytes and from disk, renames, reorders, previews and zips them', async () => {
    const bytes = pdfBytes('terms');
    q = await call('attachments.addFromBytes', {
      quoteId: q.header.id,
      files: [{ name: 'Terms.pdf', base64: bytes.toString('base64') }],
    });
    const picked = await call('app.choosePdfFiles', { multiple: true });
    expect(
      (
        await refuse(
          'attachments.addFromPaths',
          { quoteId: q.header.id, paths: picked.paths },
          'browser',
        )
      ).code,
    ).toBe('UNSUPPORTED');
    q = await call('attachments.addFromPaths', { quoteId: q.header.id, paths: picked.paths });
    const names = q.attachments.map((a) => a.name);
    expect(names).toEqual(expect.arrayContaining(['Terms.pdf', 'Datasheet.pdf']));
    const terms = q.attachments.find((a) => a.name === 'Terms.pdf')!;
    q = await call('attachments.rename', {
      quoteId: q.header.id,
      attachmentId: terms.id,
      name: 'Terms 2026.pdf',
    });
    const ids = q.attachments.map((a) => a.id).reverse();
    q = await call('attachments.reorder', { quoteId: q.header.id, attachmentIds: ids });
    expect(q.attachments.map((a) => a.id)).toEqual(ids);
    const preview = await call('attachments.preview', {
      quoteId: q.header.id,
      attachmentId: terms.id,
    });
    expect(Buffer.from(preview.base64, 'base64').equals(bytes)).toBe(true);
    const zip = await call('attachments.zip', { quoteId: q.header.id });
    const zipBytes = Buffer.from(zip.base64, 'base64');
    expect(zipBytes.subarray(0, 2).toString()).toBe('PK');
    expect(zipBytes.includes(Buffer.from('Terms 2026.pdf'))).toBe(true);
    const target = await call('app.chooseSavePath', { defaultName: zip.name });
    const saved = await call('attachments.saveZip', { quoteId: q.header.id, path: target.path! });
    expect(fs.statSync(savedZip).size).toBe(saved.sizeBytes);
    const notPdf = await refuse('attachments.addFromBytes', {
      quoteId: q.header.id,
      files: [{ name: 'x.pdf', base64: Buffer.from('hello').toString('base64') }],
    });
    expect(notPdf.code).toBe('VALIDATION');
    q = await call('attachments.delete', { quoteId: q.header.id, attachmentId: terms.id });
    expect(q.attachments.map((a) => a.name)).toEqual(['Datasheet.pdf']);
  });

  it('undoes and redoes the last edit', async () => {
    expect(q.canUndo).toBe(true);
    const undone = await call('edits.undo', { quoteId: q.header.id });
    expect(undone.attachments).toHaveLength(2);
    expect(undone.canRedo).toBe(true);
    q = await call('edits.redo', { quoteId: q.header.id });
    expect(q.attachments).toHaveLength(1);
  });

  it('deletes line items', async () => {
    const q = await call('quotes.create', { clientId: DEMO.clients.acme });
    const { quote, lineItemIds } = await call('lineItems.add', {
      quoteId: q.header.id,
      items: [
        { type: 'Standard', productId: DEMO.products.s1, billingTerm: 'Monthly', quantity: 5 },
        {
          type: 'Standard',
          productId: DEMO.products.s1Addon,
          billingTerm: 'Monthly',
          quantity: 5,
          requiredLineItemIndex: 0,
        },
      ],
    });
    expect(quote.lineItems[1]?.requiredLineItemId).toBe(lineItemIds[0]);
    // A parent cannot go while its add-on stays.
    expect(
      (await refuse('lineItems.delete', { quoteId: q.header.id, lineItemIds: [lineItemIds[0]!] }))
        .code,
    ).toBe('VALIDATION');
    const after = await call('lineItems.delete', { quoteId: q.header.id, lineItemIds });
    expect(after.lineItems).toEqual([]);
    expect(after.totals.recurringTotal.amount).toBe(0);
  });

  it('refuses a status change the transition table does not allow', async () => {
    const err = await refuse('quotes.setStatus', { quoteId: q.header.id, status: 'accepted' });
    expect(err.code).toBe('VALIDATION');
    expect(err.apiCode).toBe('QUOTE_INVALID_STATUS');
  });

  it('duplicates, deletes and restores a quote', async () => {
    const copy = await call('quotes.duplicate', { quoteId: q.header.id });
    expect(copy.header.id).not.toBe(q.header.id);
    expect(copy.lineItems).toHaveLength(3);
    await call('quotes.delete', { quoteId: copy.header.id });
    expect((await refuse('quotes.get', { quoteId: copy.header.id })).code).toBe('NOT_FOUND');
    const restored = await call('quotes.restore', { quoteId: copy.header.id });
    expect(restored.lineItems.map((l) => l.product.name)).toEqual(
      copy.lineItems.map((l) => l.product.name),
    );
    expect(restored.sections.map((s) => s.name)).toEqual(copy.sections.map((s) => s.name));
    expect(restored.accessList.map((e) => e.email)).toEqual(copy.accessList.map((e) => e.email));
    expect(restored.totals).toEqual(copy.totals);
    await call('quotes.delete', { quoteId: restored.header.id });
  });

  it('exports a quote as JSON for support', async () => {
    const out = await call('quotes.export', { quoteId: q.header.id });
    expect(JSON.parse(out.json)).toMatchObject({
      format: 'quotedesk.quote-export',
      work: { id: q.header.id },
    });
  });

  it('syncs it to the server and publishes it', async () => {
    await call('sync.runNow', { quoteId: q.header.id });
    q = await h
      .waitFor('the quote on the server', async () => {
        const d = await call('quotes.get', { quoteId: q.header.id });
        if (d.sync.state === 'error' || d.sync.state === 'conflict') {
          const c = await call('sync.conflicts', { quoteId: q.header.id });
          throw new Error(`sync failed: ${d.sync.state} ${d.sync.message} ${JSON.stringify(c)}`);
        }
        return d.header.serverId && d.sync.state === 'synced' ? d : undefined;
      })
      .catch(async (e) => {
        const d = await call('quotes.get', { quoteId: q.header.id });
        throw new Error(
          `${e}: ${JSON.stringify(d.sync)} ${d.header.serverId} ${JSON.stringify(await call('sync.status'))}`,
        );
      });
    const onServer = await remote.get(`/v2/quotes/${q.header.serverId}`);
    expect(onServer.status).toBe(200);
    expect((onServer.json as { introMessage: string }).introMessage).toBe('Hello Acme');
    await call('quotes.publish', { quoteId: q.header.id });
    await h.waitFor('the quote published on the server', async () => {
      const r = await remote.get(`/v2/quotes/${q.header.serverId}`);
      return (r.json as { status: string }).status === 'sent';
    });
    expect(h.events.some((e) => e.event === 'sync.quoteState')).toBe(true);
  });

  it('lists the version the publish froze, saves one by hand, compares, gives its PDF; no restore while sent', async () => {
    const quoteId = q.header.id;
    const { versions } = await call('versions.list', { quoteId });
    expect(versions.map((v) => [v.number, v.reason, v.status])).toEqual([[1, 'published', 'sent']]);
    const saved = await call('versions.save', { quoteId, label: 'Before the call' });
    expect([saved.number, saved.reason, saved.label]).toEqual([2, 'saved', 'Before the call']);
    const bad = await refuse('versions.save', { quoteId, label: '  ' });
    expect(bad.field).toBe('label');
    const cmp = await call('versions.compare', { quoteId, from: 1, to: 'now' });
    expect([cmp.diff.same, cmp.from.title, cmp.to.title]).toEqual([
      true,
      'Version 1 · Published',
      'Now',
    ]);
    const file = await call('versions.pdf', { quoteId, number: 2 });
    expect(Buffer.from(file.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const sent = await refuse('versions.restore', { quoteId, number: 1 });
    expect(sent.field).toBe('status');
    const none = await refuse('versions.restore', { quoteId, number: 9 });
    expect([none.code, none.field]).toEqual(['NOT_FOUND', 'number']);
  });

  it('verifies a version by its hash; takes no answer at the desk on a sent quote, and has none to decide on', async () => {
    const quoteId = q.header.id;
    const check = await call('versions.verify', { quoteId });
    expect([check.intact, check.versions[0]!.recorded]).toEqual([
      true,
      check.versions[0]!.recomputed,
    ]);
    const sent = await refuse('desk.respond', {
      quoteId,
      kind: 'accepted',
      name: 'Dana Whitfield',
      email: 'dana@acme-dental.example',
      signature: { kind: 'typed', text: 'Dana Whitfield' },
      timeZone: 'UTC',
    });
    expect(sent.field).toBe('status');
    expect(sent.message).toContain('already sent');
    expect(await call('desk.responses', { quoteId })).toEqual({ responses: [] });
    expect((await refuse('desk.decide', { quoteId, decision: 'send' })).code).toBe('NOT_FOUND');
    // No acceptance to edit after: nothing is saved, edits were never refused.
    expect(await call('versions.startAfterAccepted', { quoteId })).toEqual({ version: null });
    const gone = await refuse('versions.startAfterAccepted', { quoteId: crypto.randomUUID() });
    expect([gone.code, gone.field]).toEqual(['NOT_FOUND', 'quoteId']);
  });
});

describe('conflicts', () => {
  let quoteId: string;
  let serverId: string;

  async function conflictOnIntro(mine: string, theirs: string) {
    await call('sync.pause');
    await call('quotes.updateHeader', { quoteId, introMessage: mine });
    const r = await remote.get(`/v2/quotes/${serverId}`);
    const cur = r.json as Record<string, unknown>;
    const put = await remote.put(`/v2/quotes/${serverId}`, {
      expiresOn: cur.expiresOn,
      introMessage: theirs,
      termsAndDisclaimers: cur.termsAndDisclaimers,
      published: cur.published,
      status: cur.status,
    });
    expect(put.status, put.text).toBe(200);
    expect((await call('sync.resume')).paused).toBe(false);
    await call('sync.runNow');
    return h.waitFor('the conflict', async () => {
      const c = await call('sync.conflicts', { quoteId });
      return c.conflicts.length > 0 && c.conflicts;
    });
  }

  beforeAll(async () => {
    const q = await call('quotes.create', { clientId: DEMO.clients.blueFjord });
    quoteId = q.header.id;
    await call('sync.runNow');
    serverId = await h.waitFor(
      'first sync',
      async () => (await call('quotes.get', { quoteId })).header.serverId ?? undefined,
    );
  });

  it('pauses and resumes', async () => {
    expect((await call('sync.pause')).paused).toBe(true);
    expect((await call('sync.resume')).paused).toBe(false);
  });

  it('sends a left field at once, but not while sync is paused', async () => {
    await call('sync.pause');
    await h.waitFor('the round in flight to end', async () => !(await call('sync.status')).running);
    await call('quotes.updateHeader', { quoteId, introMessage: 'Left while paused' });
    expect(await call('sync.flushQuote', { quoteId })).toEqual({ done: true });
    // A pause holds: the field left the editor, yet nothing reached the partner.
    expect((await call('sync.status')).running).toBe(false);
    expect(
      ((await remote.get(`/v2/quotes/${serverId}`)).json as { introMessage?: string }).introMessage,
    ).not.toBe('Left while paused');
    await call('sync.resume');
    await call('sync.flushQuote', { quoteId });
    await h.waitFor('the left field on the server', async () => {
      const r = await remote.get(`/v2/quotes/${serverId}`);
      return (r.json as { introMessage?: string }).introMessage === 'Left while paused';
    });
  });

  it('shows base, mine and theirs, and takes theirs', async () => {
    const conflicts = await conflictOnIntro('Mine A', 'Theirs A');
    expect(conflicts[0]).toMatchObject({
      entity: 'quote',
      field: 'introMessage',
      mine: 'Mine A',
      theirs: 'Theirs A',
    });
    expect(conflicts[0]!.label).toContain('introMessage');
    const resolved = await call('sync.resolve', {
      quoteId,
      take: 'theirs',
      conflictIds: [conflicts[0]!.id],
    });
    expect(resolved.header.introMessage).toBe('Theirs A');
    expect((await call('sync.conflicts', { quoteId })).conflicts).toEqual([]);
  });

  it('takes mine for the whole quote, and the server gets it', async () => {
    await conflictOnIntro('Mine B', 'Theirs B');
    // Naming a server quote to adopt goes with take theirs only; nothing is resolved.
    const refused = await h.core.dispatch(
      'sync.resolve',
      { quoteId, take: 'mine', adopt: serverId },
      { via: 'test' },
    );
    expect(refused).toMatchObject({ ok: false, error: { field: 'adopt' } });
    expect((await call('sync.conflicts', { quoteId })).conflicts).toHaveLength(1);
    const resolved = await call('sync.resolve', { quoteId, take: 'mine' });
    expect(resolved.header.introMessage).toBe('Mine B');
    await h.waitFor('mine on the server', async () => {
      const r = await remote.get(`/v2/quotes/${serverId}`);
      return (r.json as { introMessage: string }).introMessage === 'Mine B';
    });
  });

  it('saves mine as a new quote, the original takes theirs', async () => {
    await conflictOnIntro('Mine C', 'Theirs C');
    const { newQuote, original } = await call('sync.saveMineAsNew', { quoteId });
    expect(newQuote.header.introMessage).toBe('Mine C');
    expect(newQuote.header.id).not.toBe(quoteId);
    expect(original?.header.introMessage).toBe('Theirs C');
  });
});

describe('library and preferences', () => {
  it('adds to the library, renames, reorders, previews, copies into a quote and deletes', async () => {
    const before = await call('library.list');
    expect(before.fromCache).toBe(false);
    const added = await call('library.addFromBytes', {
      files: [{ name: 'Brochure.pdf', base64: pdfBytes('brochure').toString('base64') }],
    });
    expect(added.map((a) => a.name)).toEqual(['Brochure.pdf']);
    const fromDisk = await call('library.addFromPaths', { paths: [pdfOnDisk] });
    expect(fromDisk).toHaveLength(1);
    const id = added[0]!.id;
    const renamed = await call('library.rename', { attachmentId: id, name: 'Brochure 2026.pdf' });
    expect(renamed.find((a) => a.id === id)?.name).toBe('Brochure 2026.pdf');
    const order = renamed.map((a) => a.id).reverse();
    const reordered = await call('library.reorder', { attachmentIds: order });
    expect(reordered.map((a) => a.id)).toEqual(order);
    const preview = await call('library.preview', { attachmentId: id });
    expect(Buffer.from(preview.base64, 'base64').toString()).toContain('brochure');

    const q = await call('quotes.create', { clientId: DEMO.clients.cedar });
    const withLib = await call('attachments.copyFromLibrary', {
      quoteId: q.header.id,
      libraryAttachmentIds: [id],
    });
    expect(withLib.attachments.map((a) => a.name)).toContain('Brochure 2026.pdf');

    // A synced quote attachment can go to the library.
    const withFile = await call('attachments.addFromBytes', {
      quoteId: q.header.id,
      files: [{ name: 'Signed.pdf', base64: pdfBytes('signed').toString('base64') }],
    });
    const signed = withFile.attachments.find((a) => a.name === 'Signed.pdf')!;
    await call('sync.runNow');
    await h.waitFor('attachment on the server', async () => {
      const d = await call('quotes.get', { quoteId: q.header.id });
      return d.attachments.find((a) => a.id === signed.id)?.serverId;
    });
    const shared = await call('library.addFromQuote', {
      quoteId: q.header.id,
      attachmentIds: [signed.id],
    });
    expect(shared.map((a) => a.name)).toEqual(['Signed.pdf']);

    await call('library.delete', { attachmentId: fromDisk[0]!.id });
    const after = await call('library.list');
    expect(after.attachments.map((a) => a.id)).not.toContain(fromDisk[0]!.id);
  });

  it('reads and saves the quote preferences, with default attachments', async () => {
    const prefs = await call('preferences.get');
    expect(prefs.fromCache).toBe(false);
    const saved = await call('preferences.update', {
      daysToExpire: 45,
      introMessage: 'Thanks for your interest',
      termsAndDisclaimers: 'Net 30',
      salesMarginPercentage: 12.5,
    });
    expect(saved).toMatchObject({ daysToExpire: 45, salesMarginPercentage: 12.5 });
    const lib = await call('library.list');
    const withAtt = await call('preferences.addAttachments', {
      libraryAttachmentIds: [lib.attachments[0]!.id],
    });
    expect(withAtt.attachments).toHaveLength(1);
    const fresh = await call('quotes.create', { clientId: DEMO.clients.delta });
    expect(fresh.header.introMessage).toBe('Thanks for your interest');
    const without = await call('preferences.removeAttachment', {
      attachmentId: withAtt.attachments[0]!.id,
    });
    expect(without.attachments).toHaveLength(0);
  });
});

describe('proposal, ownership, pipeline and library replace', () => {
  it('renders, saves and attaches the proposal PDF of a quote, from the local copy', async () => {
    const q = await call('quotes.create', { clientId: DEMO.clients.acme });
    await call('lineItems.add', {
      quoteId: q.header.id,
      items: [
        {
          type: 'Custom',
          productName: 'Onsite setup',
          billingTerm: 'One-Time',
          cost: 100,
          initialTotal: 250,
          price: 250,
          quantity: 1,
        },
      ],
    });
    const r = await call('proposal.render', { quoteId: q.header.id, locale: 'en-US' });
    expect(r.mimeType).toBe('application/pdf');
    // Named by reference code once the background sync gave it one, "draft" before.
    expect(r.name).toMatch(/^Proposal (draft|Q-\d{4}-\d{6}) Acme Dental Group\.pdf$/);
    expect(Buffer.from(r.base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(r.missingCharacters).toEqual([]);

    // Saved only where the app's own save dialog answered (the test platform's prepared path).
    const ungranted = path.join(scratch, 'proposal.pdf');
    expect((await refuse('proposal.save', { quoteId: q.header.id, path: ungranted })).field).toBe(
      'path',
    );
    const target = (await call('app.chooseSavePath', { defaultName: r.name })).path!;
    const saved = await call('proposal.save', { quoteId: q.header.id, path: target });
    expect(saved.sizeBytes).toBe(fs.statSync(target).size);
    expect(
      (await refuse('proposal.save', { quoteId: q.header.id, path: target }, 'browser')).code,
    ).toBe('UNSUPPORTED');
    expect(
      (await refuse('proposal.render', { quoteId: q.header.id, locale: 'en US!' })).field,
    ).toBe('locale');

    const once = await call('proposal.attach', { quoteId: q.header.id });
    const again = await call('proposal.attach', { quoteId: q.header.id });
    // Attached again: the earlier proposal of the same name gives way, nothing piles up.
    expect(once.quote.attachments.map((a) => a.name)).toContain(r.name);
    expect(again.quote.attachments.filter((a) => a.name === r.name)).toHaveLength(1);
    expect(again.quote.attachments.find((a) => a.name === r.name)!.id).toBe(again.attachmentId);
  });

  it("takes ownership of a colleague's quote and sums the pipeline per status", async () => {
    const ben = await remote.as(DEMO.ben);
    const made = await ben.post('/v2/quotes', { clientId: DEMO.clients.blueFjord });
    const serverId = (made.json as { id: string }).id;
    await call('sync.runNow');
    const local = await h.waitFor("the colleague's quote here", async () => {
      const list = await call('quotes.list', { account: 'partner', limit: 100 });
      // Held whole, not only listed: a quote only listed cannot be taken over yet.
      return list.content.find((x) => x.serverId === serverId && !x.listOnly);
    });
    const before = await call('quotes.get', { quoteId: local.id });
    expect(before.header.ownedByMe).toBe(false);
    const taken = await call('quotes.takeOwnership', { quoteId: local.id });
    expect(taken.header.ownedByMe).toBe(true);
    const err = await refuse('quotes.takeOwnership', { quoteId: local.id });
    expect([err.message, err.apiCode]).toEqual([
      'You already own this quote.',
      'QUOTE_ALREADY_OWNED',
    ]);
    await call('sync.runNow', { quoteId: local.id });
    await h.waitFor('the owner on the server', async () => {
      const r = await remote.get(`/v2/quotes/${serverId}`);
      return (
        (r.json as { ownedBy: { email: string } }).ownedBy.email === 'ada.stone@northwind.example'
      );
    });

    const pipeline = await call('quotes.pipeline', { account: 'partner' });
    const list = await call('quotes.list', { account: 'partner', limit: 100 });
    for (const row of pipeline.rows) {
      const mine = list.content.filter((x) => x.status === row.status);
      expect(row.count).toBe(mine.length);
      const cents = mine.reduce((n, x) => n + Math.round(x.totals.initialTotal.amount * 100), 0);
      expect(Math.round(row.initialTotal.amount * 100)).toBe(cents);
    }
  });

  it('replaces a library file from bytes and from disk; the preview is the new file', async () => {
    const [entry] = await call('library.addFromBytes', {
      files: [{ name: 'Terms.pdf', base64: pdfBytes('terms v1').toString('base64') }],
    });
    const list = await call('library.replaceFromBytes', {
      attachmentId: entry!.id,
      file: { name: 'whatever.pdf', base64: pdfBytes('terms v2').toString('base64') },
    });
    expect(list.find((a) => a.id === entry!.id)!.name).toBe('Terms.pdf');
    const preview = await call('library.preview', { attachmentId: entry!.id });
    expect(Buffer.from(preview.base64, 'base64').toString()).toContain('terms v2');
    const elsewhere = path.join(scratch, 'terms-v3.pdf');
    fs.writeFileSync(elsewhere, pdfBytes('terms v3'));
    expect(
      (await refuse('library.replaceFromPath', { attachmentId: entry!.id, path: elsewhere })).field,
    ).toBe('path');
    // The file dialog (the test platform's prepared file) grants the path it answers.
    fs.writeFileSync(pdfOnDisk, pdfBytes('terms v3'));
    const [onDisk] = (await call('app.choosePdfFiles', { multiple: false })).paths;
    await call('library.replaceFromPath', { attachmentId: entry!.id, path: onDisk! });
    const held = await remote.get(`/v2/quote-attachments/${entry!.id}?download=true`);
    expect(held.body.toString()).toContain('terms v3');
    const notPdf = await refuse('library.replaceFromBytes', {
      attachmentId: entry!.id,
      file: { name: 'notes.txt', base64: Buffer.from('just text').toString('base64') },
    });
    expect([notPdf.code, notPdf.field]).toEqual(['VALIDATION', 'file']);
    await call('library.delete', { attachmentId: entry!.id });
  });
});

describe('kits', () => {
  it('saves items as a kit, inserts it in one undoable edit, exports, imports and refuses a bad file', async () => {
    const from = await call('quotes.create', { clientId: DEMO.clients.acme });
    const added = await call('lineItems.add', {
      quoteId: from.header.id,
      items: [
        {
          type: 'Standard',
          productId: DEMO.products.s1,
          billingTerm: 'Monthly',
          quantity: 5,
          price: 5,
        },
        {
          type: 'Standard',
          productId: DEMO.products.s1Addon,
          billingTerm: 'Monthly',
          quantity: 5,
          price: 3,
          requiredLineItemIndex: 0,
        },
      ],
    });
    // The add-on alone is selected: its product comes along.
    const saved = await call('kits.save', {
      quoteId: from.header.id,
      lineItemIds: [added.lineItemIds[1]!],
      name: 'Endpoint security',
    });
    expect(saved.addedParents).toEqual(['SentinelOne Control']);
    expect(saved.kit.items.map((i) => [i.name, i.addOnOf ?? null])).toEqual([
      ['SentinelOne Control', null],
      ['SentinelOne Vigilance MDR Add-on', 'SentinelOne Control'],
    ]);
    const kitId = saved.kit.id;
    expect((await call('kits.list')).kits.map((k) => k.name)).toEqual(['Endpoint security']);

    const into = await call('quotes.create', { clientId: DEMO.clients.acme });
    const plan = await call('kits.preview', { kitId, quoteId: into.header.id });
    expect(plan).toMatchObject({ itemCount: 2, room: 30, priceChanges: [] });
    expect(plan.problem).toBeUndefined();
    const inserted = await call('kits.insert', { kitId, quoteId: into.header.id });
    const [parent, addOn] = inserted.lineItemIds;
    expect(inserted.quote.lineItems.find((l) => l.id === addOn)!.requiredLineItemId).toBe(parent);
    expect(inserted.quote.canUndo).toBe(true);
    const undone = await call('edits.undo', { quoteId: into.header.id });
    expect(undone.lineItems).toEqual([]);
    expect(
      (await refuse('kits.insert', { kitId: 'no-such-kit', quoteId: into.header.id })).code,
    ).toBe('NOT_FOUND');

    // Out as a file and back in.
    const file = await call('kits.export', { kitId });
    expect(file.fileName).toBe('Endpoint security.qdkit.json');
    const target = (await call('app.chooseSavePath', { defaultName: file.fileName })).path!;
    expect(
      (await refuse('kits.saveFile', { kitId, path: path.join(scratch, 'x.json') })).field,
    ).toBe('path');
    const written = await call('kits.saveFile', { kitId, path: target });
    expect(written.sizeBytes).toBe(fs.statSync(target).size);
    const imported = await call('kits.import', { json: fs.readFileSync(target, 'utf8') });
    expect(imported).toMatchObject({ name: 'Endpoint security', itemCount: 2 });
    expect(imported.id).not.toBe(kitId);
    // On the desktop the file is read by main, from a path its own open dialog answered.
    expect((await refuse('kits.import', { path: path.join(scratch, 'other.json') })).field).toBe(
      'path',
    );
    const { path: opened } = await call('app.chooseDraftsFile', { kind: 'kit' });
    expect(await call('kits.import', { path: opened! })).toMatchObject({ itemCount: 2 });
    const bad = await refuse('kits.import', { json: '{"format":"quotedesk.quote-export"}' });
    expect(bad).toMatchObject({
      code: 'VALIDATION',
      field: 'json',
      message: 'The file is not a Quotedesk kit file (its format is "quotedesk.quote-export").',
    });
    const foreign = JSON.parse(file.json) as { kit: { items: { productId: string }[] } };
    foreign.kit.items[0]!.productId = 'aaaaaaaa-0000-4000-8000-000000000000';
    expect((await refuse('kits.import', { json: JSON.stringify(foreign) })).message).toMatch(
      /^The kit is for another connection: kit\.items\.0 \(SentinelOne Control\)/,
    );

    expect((await call('kits.rename', { kitId: imported.id, name: 'Endpoint (copy)' })).name).toBe(
      'Endpoint (copy)',
    );
    expect((await refuse('kits.rename', { kitId, name: ' ' })).field).toBe('name');
    await call('kits.delete', { kitId });
    expect((await call('kits.list')).kits.map((k) => k.name)).toEqual([
      'Endpoint (copy)',
      'Endpoint security',
    ]);
  });
});

describe('options and alternatives (quote-options.test.ts walks them through)', () => {
  it('marks, chooses and unmarks; refuses what is not of the quote', async () => {
    const { header } = await call('quotes.create', { clientId: DEMO.clients.acme });
    const quoteId = header.id;
    const line = (productName: string) => ({
      type: 'Custom' as const,
      productName,
      billingTerm: 'One-Time' as const,
      quantity: 1,
      price: 50,
      cost: 20,
      initialTotal: 50,
    });
    const { lineItemIds } = await call('lineItems.add', {
      quoteId,
      items: [line('Setup'), line('Training')],
    });
    expect((await call('options.view', { quoteId })).options).toEqual([]);
    const view = await call('options.markLine', { quoteId, lineItemId: lineItemIds[1]! });
    const optionId = view.options[0]!.id;
    const q = await call('choices.tick', { quoteId, optionId, chosen: false });
    expect(q.lineItems.map((l) => l.product.name)).toEqual(['Setup']);
    await call('choices.tick', { quoteId, optionId, chosen: true });
    expect((await call('options.unmark', { quoteId, id: optionId })).options).toEqual([]);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await refuse('options.markSection', { quoteId, sectionId: missing })).field).toBe(
      'sectionId',
    );
    const s = await call('sections.create', { quoteId, name: 'Only one' });
    const one = await refuse('options.group', {
      quoteId,
      name: 'Plans',
      sectionIds: [s.sectionId],
      chosenSectionId: s.sectionId,
    });
    expect(one.field).toBe('sectionIds');
    expect((await refuse('choices.pick', { quoteId, groupId: missing, optionId })).field).toBe(
      'groupId',
    );
  });
});

describe('the desktop-only calls and the edges', () => {
  it('opens https links only, and only in the desktop app', async () => {
    await call('app.openExternal', { url: 'https://northwind.example/help' });
    expect(opened).toEqual(['https://northwind.example/help']);
    expect((await refuse('app.openExternal', { url: 'http://northwind.example' })).field).toBe(
      'url',
    );
    expect(
      (await refuse('app.openExternal', { url: 'https://northwind.example' }, 'browser')).code,
    ).toBe('UNSUPPORTED');
  });

  it('answers the policy (none here), updates off, nothing to install', async () => {
    expect(await call('app.policy')).toMatchObject({ status: 'none', policy: {}, problems: [] });
    expect((await call('app.updateState')).state).toBe('off');
    expect((await refuse('app.restartToUpdate')).message).toBe('No update is ready to install.');
    expect((await refuse('app.chooseCaFile', undefined, 'browser')).code).toBe('UNSUPPORTED');
  });

  it('refuses a name outside the contract', async () => {
    const res = await h.core.dispatch('quotes.dropEverything', {}, { via: 'test' });
    expect(res).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CALL' } });
  });

  it('reports a healthy store, and has nothing to repair in it', async () => {
    expect(await call('store.health')).toMatchObject({
      damaged: false,
      full: false,
      message: null,
    });
    const report = await call('store.recover');
    expect(report).toMatchObject({ recovered: [], lost: [], movedTo: '' });
  });

  it('lists what needs attention, extends an expiry (undoable), snoozes, and keeps its own preferences', async () => {
    const q = await call('quotes.create', { clientId: DEMO.clients.acme });
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
    await call('quotes.updateHeader', { quoteId: q.header.id, expiresOn: soon });
    const list = await call('followUps.list');
    const item = list.items.find((i) => i.quoteId === q.header.id);
    expect(item).toMatchObject({ canExtend: true, reasons: [{ text: 'Expires in 2 days' }] });
    // Extended by the preferences' days to expire: out of the list; the edit is undoable.
    const extended = await call('followUps.extendExpiry', { quoteId: q.header.id });
    // To the end of the date that many days on (this process's time zone: UTC in the tests).
    const on = new Date(Date.parse(soon) + list.extendByDays * 86_400_000);
    expect(extended.header.expiresOn).toBe(`${on.toISOString().slice(0, 10)}T23:59:59.999Z`);
    expect(extended.canUndo).toBe(true);
    const ids = async () => (await call('followUps.list')).items.map((i) => i.quoteId);
    expect(await ids()).not.toContain(q.header.id);
    await call('edits.undo', { quoteId: q.header.id });
    expect(await ids()).toContain(q.header.id);
    expect((await call('followUps.takeNotice'))?.count).toBeGreaterThan(0);
    expect(await call('followUps.takeNotice')).toBeNull();
    const snoozed = await call('followUps.snooze', { quoteId: q.header.id });
    expect(snoozed.items.map((i) => i.quoteId)).not.toContain(q.header.id);
    expect((await refuse('followUps.snooze', { quoteId: q.header.id })).field).toBe('quoteId');

    expect(await call('localPreferences.get')).toEqual({
      expiringWithinDays: 7,
      unansweredAfterDays: 5,
      notify: true,
      marginFloorPercent: null,
    });
    expect(await call('localPreferences.update', { marginFloorPercent: 20 })).toMatchObject({
      marginFloorPercent: 20,
      expiringWithinDays: 7,
    });
    const bad = await refuse('localPreferences.update', { expiringWithinDays: 0 });
    expect(bad.field).toBe('expiringWithinDays');
    expect((await call('localPreferences.get')).marginFloorPercent).toBe(20);
  });

  it('exports the unsynced drafts to a file and takes it back without copying a quote', async () => {
    // Sync held still: a push between the export and the save would change what is unsynced.
    await call('sync.pause');
    await h.waitFor('the round in flight to end', async () => !(await call('sync.status')).running);
    const exported = await call('drafts.export');
    expect(exported.message).toMatch(/not encrypted/);
    const { path: target } = await call('app.chooseSavePath', { defaultName: 'drafts.json' });
    const saved = await call('drafts.save', { path: target! });
    expect(saved.counts).toEqual(exported.counts);
    const { path: chosen } = await call('app.chooseDraftsFile');
    const back = await call('drafts.import', { path: chosen! });
    expect(back.copies).toBe(0);
    expect((await refuse('drafts.import', { text: '{}' })).field).toBe('file');
    await call('sync.resume');
  });

  it('removes the active profile: the app falls back to local-only', async () => {
    const { activeId } = await call('profiles.list');
    const check = await call('profiles.removalCheck', { profileId: activeId! });
    expect(check).toMatchObject({ counted: true, conflicts: 0 });
    await call('profiles.remove', { profileId: activeId! });
    expect((await call('profiles.list')).profiles).toEqual([]);
    expect((await call('sync.status')).available).toBe(false);
  });

  it('has exercised every call of the contract', () => {
    expect(callNames.filter((n) => !exercised.has(n))).toEqual([]);
  });
});
