// An accepted version is locked, through the real core, the real store (SQLite) and the real
// server over HTTPS: once the client accepted at the desk and the acceptance was taken back
// here (Undo before the sync), the salesperson's next edit is refused with its own code before
// anything changes; agreeing to edit it as a new version saves "Edited after acceptance" after
// the accepted one, the same edit then goes through, the accepted version still verifies, and
// later edits go straight through. A colleague's change pulled from the server is never refused
// by the lock; a declined answer locks nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuoteResponse } from '../../common/api';
import { startServer, type StartedServer } from '../helpers/server';
import { DEMO, login, ok, type Api } from '../helpers/server-api';
import { connectNorthwind, startHarness, type Harness } from './harness';

let server: StartedServer;
let remote: Api;
let h: Harness;

beforeAll(async () => {
  server = await startServer();
  remote = await login(server.baseUrl, server.ca, DEMO.ada);
  h = await startHarness({ platform: { mode: 'browser' }, embedded: null });
  await connectNorthwind(h, server);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await remote?.close();
  await server?.stop();
});

/** Sam, a colleague, changes the introduction on the server (the partner's own API). */
async function colleagueRevisesIntro(serverId: string): Promise<void> {
  const there = ok(await remote.get(`/v2/quotes/${serverId}`), 200, QuoteResponse);
  const put = await remote.put(`/v2/quotes/${serverId}`, {
    expiresOn: there.expiresOn,
    introMessage: 'Revised by Sam on the server.',
    published: there.published,
    status: there.status,
    termsAndDisclaimers: there.termsAndDisclaimers,
  });
  expect(put.status, put.text).toBe(200);
}

const client = {
  name: 'Dana Whitfield',
  email: 'dana@acme-dental.example',
  signature: { kind: 'typed' as const, text: 'Dana Whitfield' },
  timeZone: 'Europe/Berlin',
};

async function synced(quoteId: string) {
  return h.waitFor('the quote synced', async () => {
    await h.call('sync.runNow', {});
    const d = await h.call('quotes.get', { quoteId });
    return d.sync.state === 'synced' ? d : null;
  });
}

/** A draft with one line, synced; the client's answer taken with sync paused, then undone. */
async function answeredAndUndone(kind: 'accepted' | 'declined') {
  const made = await h.call('quotes.create', { clientId: DEMO.clients.acme });
  const quoteId = made.header.id;
  await h.call('lineItems.add', {
    quoteId,
    items: [
      { type: 'Standard', productId: DEMO.products.m365, billingTerm: 'Monthly', quantity: 10 },
    ],
  });
  const serverId = (await synced(quoteId)).header.serverId!;
  await h.call('sync.pause');
  const { response } = await h.call('desk.respond', {
    quoteId,
    kind,
    ...client,
    ...(kind === 'declined' ? { reason: 'Too dear for us this year.' } : {}),
  });
  // Taken back before it went out: a draft again, which the salesperson may edit.
  expect((await h.call('edits.undo', { quoteId })).header.status).toBe('draft');
  await h.call('sync.resume');
  return { quoteId, serverId, response, quote: await synced(quoteId) };
}

describe('an accepted version is locked', () => {
  it('refuses the next edit before anything changes; agreed, it saves a new version after the accepted one and the edit goes through', async () => {
    const { quoteId, serverId, response, quote } = await answeredAndUndone('accepted');
    const intro = quote.header.introMessage;

    const refused = await h.refuse('quotes.updateHeader', {
      quoteId,
      introMessage: 'Twelve seats from March.',
    });
    expect([refused.code, refused.field]).toEqual(['ACCEPTED_LOCKED', 'quoteId']);
    expect(refused.message).toBe(
      `The client accepted version ${response.version} at the desk. Editing starts a new version; the accepted one stays as signed.`,
    );
    // Every kind of edit asks first: a line, a section, a restore, an option mark, the expiry.
    const lineItemId = quote.lineItems[0]!.id;
    for (const [name, input] of [
      ['lineItems.update', { quoteId, lineItemId, patch: { quantity: 12 } }],
      ['sections.create', { quoteId, name: 'Security' }],
      ['versions.restore', { quoteId, number: response.version }],
      ['options.markLine', { quoteId, lineItemId }],
      ['followUps.extendExpiry', { quoteId }],
    ] as const) {
      expect((await h.refuse(name, input)).code, name).toBe('ACCEPTED_LOCKED');
    }
    // Nothing written, nothing queued for the server.
    const after = await h.call('quotes.get', { quoteId });
    expect([after.generation, after.sync.state, after.header.introMessage]).toEqual([
      quote.generation,
      'synced',
      intro,
    ]);
    expect((await h.call('sync.status')).pendingCount).toBe(0);
    expect((await h.call('versions.list', { quoteId })).versions.at(-1)!.number).toBe(
      response.version,
    );

    // A colleague's change pulled from the server is not the salesperson's edit: it lands.
    await colleagueRevisesIntro(serverId);
    await h.waitFor("the colleague's change pulled", async () => {
      await h.call('sync.runNow', {});
      const d = await h.call('quotes.get', { quoteId });
      return d.header.introMessage === 'Revised by Sam on the server.';
    });
    expect((await h.refuse('quotes.updateHeader', { quoteId, introMessage: 'x' })).code).toBe(
      'ACCEPTED_LOCKED',
    );

    // Agreed: a new version after the accepted one, then the same edit goes through.
    const started = await h.call('versions.startAfterAccepted', { quoteId });
    expect([started.version?.number, started.version?.label]).toEqual([
      response.version + 1,
      'Edited after acceptance',
    ]);
    const edited = await h.call('quotes.updateHeader', {
      quoteId,
      introMessage: 'Twelve seats from March.',
    });
    expect(edited.header.introMessage).toBe('Twelve seats from March.');
    // Asked again (a second field refused meanwhile): nothing more is saved.
    expect(await h.call('versions.startAfterAccepted', { quoteId })).toEqual({ version: null });

    const { versions } = await h.call('versions.list', { quoteId });
    expect(versions.slice(-2).map((v) => [v.number, v.label])).toEqual([
      [response.version, 'Accepted at the desk'],
      [response.version + 1, 'Edited after acceptance'],
    ]);
    const accepted = versions.find((v) => v.number === response.version)!;
    expect(accepted.sha256).toBe(response.versionSha256);
    expect((await h.call('versions.verify', { quoteId })).intact).toBe(true);

    // Later edits go straight through, and reach the server.
    const more = await h.call('lineItems.update', { quoteId, lineItemId, patch: { quantity: 12 } });
    expect(more.lineItems[0]!.quantity).toBe(12);
    await synced(quoteId);
    const now = ok(await remote.get(`/v2/quotes/${serverId}`), 200, QuoteResponse);
    expect(now.introMessage).toBe('Twelve seats from March.');
  }, 180_000);

  it("stays locked when the acceptance is kept here only after a colleague's change: the server's copy kept as a version does not end it", async () => {
    const made = await h.call('quotes.create', { clientId: DEMO.clients.acme });
    const quoteId = made.header.id;
    const serverId = (await synced(quoteId)).header.serverId!;
    await h.call('sync.pause');
    const { response } = await h.call('desk.respond', { quoteId, kind: 'accepted', ...client });
    await colleagueRevisesIntro(serverId);
    await h.call('sync.resume');
    await h.waitFor('the answer stopped', async () => {
      await h.call('sync.runNow', {});
      const r = (await h.call('desk.responses', { quoteId })).responses.at(-1)!;
      return r.state === 'stopped';
    });
    const { versions } = await h.call('versions.list', { quoteId });
    expect(versions.at(-1)!.reason).toBe('server');
    const kept = await h.call('desk.decide', { quoteId, decision: 'withdraw' });
    expect(kept.quote.header.status).toBe('draft');
    const refused = await h.refuse('quotes.updateHeader', { quoteId, introMessage: 'Mine.' });
    expect(refused.code).toBe('ACCEPTED_LOCKED');
    expect(refused.message).toContain(`accepted version ${response.version} at the desk`);
  }, 120_000);

  it('a declined answer locks nothing', async () => {
    const { quoteId } = await answeredAndUndone('declined');
    const d = await h.call('quotes.updateHeader', { quoteId, introMessage: 'A leaner offer.' });
    expect(d.header.introMessage).toBe('A leaner offer.');
    expect(await h.call('versions.startAfterAccepted', { quoteId })).toEqual({ version: null });
  }, 120_000);
});
