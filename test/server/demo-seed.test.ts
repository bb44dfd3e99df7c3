// Against the richer demo seed (`server/seed/demo.json`): quotes in every status, including
// those the API cannot make itself (pending, a PLATFORM_TO_PARTNER_CLIENT intent).
import Database from 'better-sqlite3';
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
      expect(after.updatedOn > before.updatedOn!).toBe(true);
      await again.close();
    } finally {
      await second.stop();
    }
  });
});
