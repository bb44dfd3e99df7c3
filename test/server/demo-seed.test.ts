// Against the richer demo seed (`server/seed/demo.json`): quotes in every status, including
// those the API cannot make itself (pending, a PLATFORM_TO_PARTNER_CLIENT intent).
import Database from 'better-sqlite3-multiple-ciphers';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListResponse, QuoteResponse } from '../../common/api';
import { Api, DEMO, isoIn, login, ok } from '../helpers/server-api';
import { REPO_ROOT, startServer, type StartedServer } from '../helpers/server';

const SEED = join(REPO_ROOT, 'server/seed/demo.json');
const SEEDED = {
  draft: '0a1b2c3d-0001-4a00-8000-00000000d001',
  expired: '0a1b2c3d-0006-4a00-8000-00000000d006',
  pending: '0a1b2c3d-0008-4a00-8000-00000000d008',
};

let server: StartedServer;
let ada: Api;

beforeAll(async () => {
  server = await startServer({ seed: SEED });
  ada = await login(server.baseUrl, server.ca, DEMO.ada);
});
afterAll(async () => {
  await ada?.close();
  await server?.stop();
});

const get = async (id: string) => ok(await ada.get(`/v2/quotes/${id}`), 200, QuoteResponse);
const toDraft = async (q: QuoteResponse) =>
  ok(
    await ada.put(`/v2/quotes/${q.id}`, {
      expiresOn: isoIn(30),
      introMessage: q.introMessage,
      termsAndDisclaimers: q.termsAndDisclaimers,
      published: q.published,
      status: 'draft',
    }),
    200,
    QuoteResponse,
  );

describe('GET /v2/quotes intentType', () => {
  const ids = async (qs: string, api = ada) =>
    ok(await api.get(`/v2/quotes?limit=100&${qs}`), 200, ListResponse).content.map((c) => c.id);

  it('finds the seeded PLATFORM_TO_PARTNER_CLIENT quote and only it', async () => {
    const all = await ids('account=partner');
    expect(all).toContain(SEEDED.pending);
    expect(all.length).toBeGreaterThan(2);

    const platform = ok(
      await ada.get('/v2/quotes?account=partner&intentType=PLATFORM_TO_PARTNER_CLIENT'),
      200,
      ListResponse,
    );
    expect(platform.content.map((c) => [c.id, c.intentType])).toEqual([
      [SEEDED.pending, 'PLATFORM_TO_PARTNER_CLIENT'],
    ]);
    expect(platform.page.totalElements).toBe(1);
    // statusCounts honour every filter but status: this one quote, in its status.
    const counts = Object.values(platform.statusCounts).reduce((a, n) => a + (n ?? 0), 0);
    expect(counts).toBe(1);

    // The other intents partition the rest; the filter mixes with status and account.
    const partnerToClient = await ids('account=partner&intentType=PARTNER_TO_CLIENT');
    expect(partnerToClient).not.toContain(SEEDED.pending);
    expect(partnerToClient.length).toBe(all.length - 1);
    expect(await ids('account=partner&intentType=PLATFORM_TO_PARTNER')).toEqual([]);
    const status = platform.content[0]!.status;
    expect(
      await ids(`account=partner&intentType=PLATFORM_TO_PARTNER_CLIENT&status=${status}`),
    ).toEqual([SEEDED.pending]);
    expect(
      await ids('account=partner&intentType=PLATFORM_TO_PARTNER_CLIENT&status=accepted'),
    ).toEqual([]);
    // Ben created it; Ada neither created nor owns it, so her own list does not hold it.
    const ben = await ada.as(DEMO.ben);
    expect(await ids('intentType=PLATFORM_TO_PARTNER_CLIENT', ben)).toEqual([SEEDED.pending]);
    expect(await ids('intentType=PLATFORM_TO_PARTNER_CLIENT')).toEqual([]);
    // The search path of the list honours the filter too.
    const search = platform.content[0]!.referenceCode;
    expect(await ids(`account=partner&intentType=PARTNER_TO_CLIENT&search=${search}`)).toEqual([]);
    expect(
      await ids(`account=partner&intentType=PLATFORM_TO_PARTNER_CLIENT&search=${search}`),
    ).toEqual([SEEDED.pending]);
  });
});

describe('moves to draft', () => {
  it('clear published from expired and pending, keeping publishedOn', async () => {
    const expired = await get(SEEDED.expired);
    expect([expired.status, expired.published]).toEqual(['expired', true]);
    const fromExpired = await toDraft(expired);
    expect([fromExpired.status, fromExpired.published]).toEqual(['draft', false]);
    expect(fromExpired.publishedOn).toBe(expired.publishedOn);
    expect(fromExpired.revokedOn).toBeUndefined();

    const pending = await get(SEEDED.pending);
    expect(pending.status).toBe('pending');
    const fromPending = await toDraft(pending);
    expect([fromPending.status, fromPending.published]).toEqual(['draft', false]);

    const list = ok(
      await ada.get('/v2/quotes?account=partner&status=draft&limit=100'),
      200,
      ListResponse,
    );
    for (const id of [SEEDED.expired, SEEDED.pending])
      expect(list.content.find((c) => c.id === id)?.published).toBe(false);
  });
});

describe('upgrading a data directory', () => {
  it('clears published on drafts left published by older versions, stamping updatedOn', async () => {
    const dataDir = join(server.dataDir, 'upgrade');
    const first = await startServer({ seed: SEED, dataDir });
    const api = await login(first.baseUrl, first.ca);
    const before = ok(await api.get(`/v2/quotes/${SEEDED.draft}`), 200, QuoteResponse);
    await api.close();
    expect(await first.stop()).toBe(0);

    // What an older version left behind: a draft still flagged published, one step back.
    const db = new Database(join(dataDir, 'quoting.sqlite'));
    const version = db.pragma('user_version', { simple: true }) as number;
    db.prepare('UPDATE quotes SET published = 1 WHERE id = ?').run(SEEDED.draft);
    db.pragma(`user_version = ${version - 1}`);
    db.close();

    const second = await startServer({ seed: SEED, dataDir });
    try {
      const again = await login(second.baseUrl, second.ca);
      const after = ok(await again.get(`/v2/quotes/${SEEDED.draft}`), 200, QuoteResponse);
      expect([after.status, after.published]).toEqual(['draft', false]);
      expect(Date.parse(after.updatedOn ?? '')).toBeGreaterThan(Date.parse(before.updatedOn ?? ''));
      await again.close();
    } finally {
      await second.stop();
    }
  });
});
