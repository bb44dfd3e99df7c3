// The partner's defaults for a new quote (preferences on the server) reach the app without
// the Preferences screen ever being opened: the very first quote of a fresh start has them,
// and a later change on the server is picked up by the next sync. Real core, real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../helpers/server';
import { DEMO, files, login, pdf, type Api } from '../helpers/server-api';
import { startHarness, type Harness, connectNorthwind } from './harness';

let server: StartedServer;
let remote: Api;
let h: Harness;

beforeAll(async () => {
  server = await startServer();
  remote = await login(server.baseUrl, server.ca, DEMO.ada);
  const saved = await remote.put('/v2/quote-preferences', {
    daysToExpire: 14,
    introMessage: 'Thank you for choosing Northwind.',
    termsAndDisclaimers: 'Prices exclude VAT.',
  });
  expect(saved.status, saved.text).toBe(201);
  const lib = await remote.call('POST', '/v2/quote-attachments', {
    form: files('attachments', [{ name: 'terms-sheet.pdf', data: pdf('terms-sheet') }]),
  });
  expect(lib.status, lib.text).toBe(201);
  const [entry] = lib.json as { id: string }[];
  const added = await remote.post('/v2/quote-preferences/attachments', {
    attachments: [entry!.id],
  });
  expect(added.status, added.text).toBe(201);
  h = await startHarness({ platform: { mode: 'browser' }, embedded: null });
});
afterAll(async () => {
  await h?.close();
  await remote?.close();
  await server?.stop();
});

describe('defaults of a new quote', () => {
  it('the first quote after a fresh start has the partner intro, terms, expiry and default attachment', async () => {
    await connectNorthwind(h, server);
    const q = await h.call('quotes.create', { clientId: DEMO.clients.acme });
    expect(q.header.introMessage).toBe('Thank you for choosing Northwind.');
    expect(q.header.termsAndDisclaimers).toBe('Prices exclude VAT.');
    const days = (Date.parse(q.header.expiresOn) - Date.parse(q.header.createdOn)) / 86_400_000;
    expect(Math.round(days)).toBe(14);
    expect(q.attachments.map((a) => a.name)).toEqual(['terms-sheet.pdf']);
    // …and it reaches the server without an error, holding the default attachment once.
    const synced = await h.waitFor('the quote synced', async () => {
      const d = await h.call('quotes.get', { quoteId: q.header.id });
      return d.sync.state === 'synced' && d.header.serverId ? d : null;
    });
    const onServer = await remote.get(`/v2/quotes/${synced.header.serverId}`);
    expect((onServer.json as { attachments: { name: string }[] }).attachments).toEqual([
      expect.objectContaining({ name: 'terms-sheet.pdf' }),
    ]);
  });

  it('a change of the preferences on the server is in the next quote after a sync', async () => {
    const saved = await remote.put('/v2/quote-preferences', {
      daysToExpire: 14,
      introMessage: 'Welcome back.',
      termsAndDisclaimers: 'Prices exclude VAT and shipping.',
    });
    expect(saved.status, saved.text).toBe(200);
    await h.call('sync.runNow', {});
    const q = await h.waitFor('the new defaults', async () => {
      const d = await h.call('quotes.create', { clientId: DEMO.clients.blueFjord });
      if (d.header.introMessage === 'Welcome back.') return d;
      await h.call('quotes.delete', { quoteId: d.header.id });
      return null;
    });
    expect(q.header.termsAndDisclaimers).toBe('Prices exclude VAT and shipping.');
  });
});
