import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AttachmentResponse,
  ListResponse,
  PreferencesResponse,
  QuoteResponse,
} from '../../common/api';
import { Api, DEMO, files, login, ok, pdf, refused } from '../helpers/server-api';
import { REPO_ROOT, startServer } from '../helpers/server';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'quotedesk-cli-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function fetchRaw(get: typeof httpsGet, url: string, opts: object): Promise<number> {
  return new Promise((res, rej) => {
    const req = get(url, opts, (r) => {
      r.resume();
      res(r.statusCode ?? 0);
    });
    req.on('error', rej);
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
  });
}

describe('npm run server', () => {
  it('prints one JSON ready line, serves HTTPS only, logs one line per request, and stops on SIGTERM', async () => {
    const s = await startServer();
    try {
      expect(s.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(isAbsolute(s.caFile)).toBe(true);
      expect(s.ca).toContain('BEGIN CERTIFICATE');
      const port = Number(new URL(s.baseUrl).port);
      // The certificate names both 127.0.0.1 and localhost, and only the CA makes it trusted.
      expect(await fetchRaw(httpsGet, `https://localhost:${port}/v2/quotes`, { ca: s.ca })).toBe(
        403,
      );
      expect(await fetchRaw(httpsGet, `${s.baseUrl}/v2/quotes`, { ca: s.ca })).toBe(403);
      await expect(fetchRaw(httpsGet, `${s.baseUrl}/v2/quotes`, {})).rejects.toThrow();
      await expect(
        fetchRaw(httpGet as typeof httpsGet, `http://127.0.0.1:${port}/v2/quotes`, {}),
      ).rejects.toThrow();

      const api = await login(s.baseUrl, s.ca);
      ok(await api.get('/v2/quotes?limit=5'), 200, ListResponse);
      refused(await api.get('/v2/quotes/nope'), 400, 'INVALID_REQUEST_PARAMETER');
      await api.close();
      await s.waitForLog('"route":"/v2/quotes/:quoteId"');
      const lines = s
        .stderr()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const requests = lines.filter((l) => l.event === 'request');
      expect(requests.find((l) => l.route === '/v2/quotes/:quoteId')).toMatchObject({
        method: 'GET',
        status: 400,
      });
      expect(requests.find((l) => l.route === '/v1/token')).toMatchObject({
        method: 'POST',
        status: 200,
      });
      for (const r of requests) expect(typeof r.durationMs).toBe('number');
    } finally {
      const code = await s.stop();
      expect(code).toBe(0);
      expect(s.stderr()).toContain('"event":"stopped"');
    }
  });

  it('keeps everything across a restart with the same data directory', async () => {
    const dataDir = tempDir();
    const first = await startServer({ dataDir });
    const port = Number(new URL(first.baseUrl).port);
    const api = await login(first.baseUrl, first.ca);
    const token = api.token!;
    const q = ok(
      await api.post('/v2/quotes', { clientId: DEMO.clients.blueFjord }),
      201,
      QuoteResponse,
    );
    ok(
      await api.post(`/v2/quotes/${q.id}/line-items`, [
        {
          type: 'Standard',
          productId: DEMO.products.m365,
          billingTerm: 'Monthly',
          price: 22,
          quantity: 4,
          effectiveDate: '2026-01-01T00:00:00Z',
        },
      ]),
      201,
      z.array(z.unknown()),
    );
    ok(
      await api.call('POST', `/v2/quotes/${q.id}/attachments`, {
        form: files('attachments', [{ name: 'kept.pdf', data: pdf('kept') }]),
      }),
      201,
      z.array(AttachmentResponse),
    );
    ok(
      await api.put('/v2/quote-preferences', {
        daysToExpire: 12,
        introMessage: 'Hi',
        termsAndDisclaimers: 'T',
      }),
      201,
      z.unknown(),
    );
    const before = ok(await api.get(`/v2/quotes/${q.id}`), 200, QuoteResponse);
    await api.close();
    expect(await first.stop()).toBe(0);

    const second = await startServer({ dataDir, port });
    try {
      expect(second.ca).toBe(first.ca);
      const again = new Api(second.baseUrl, second.ca);
      again.token = token; // same signing key, same audience: the old token still works
      const after = ok(await again.get(`/v2/quotes/${q.id}`), 200, QuoteResponse);
      expect(after).toEqual(before);
      const file = await again.get(
        `/v2/quotes/${q.id}/attachments/${after.attachments[0]!.id}?download=true`,
      );
      expect(file.body.equals(pdf('kept'))).toBe(true);
      expect(
        ok(await again.get('/v2/quote-preferences'), 200, PreferencesResponse).daysToExpire,
      ).toBe(12);
      const list = ok(await again.get('/v2/quotes?account=partner'), 200, ListResponse);
      expect(list.page.totalElements).toBe(1);
      const next = ok(
        await again.post('/v2/quotes', { clientId: DEMO.clients.acme }),
        201,
        QuoteResponse,
      );
      expect(next.referenceCode).not.toBe(before.referenceCode);
      await again.close();
    } finally {
      await second.stop();
    }
  });

  it('loads the richer demo seed with quotes in many statuses', async () => {
    const s = await startServer({ seed: join(REPO_ROOT, 'server/seed/demo.json') });
    try {
      const api = await login(s.baseUrl, s.ca);
      const list = ok(await api.get('/v2/quotes?account=partner&limit=100'), 200, ListResponse);
      expect(list.page.totalElements).toBeGreaterThanOrEqual(10);
      const statuses = new Set(list.content.map((c) => c.status));
      for (const st of [
        'draft',
        'sent',
        'accepted',
        'declined',
        'changes_requested',
        'expired',
        'closed',
        'pending',
        'assigned',
      ]) {
        expect(statuses).toContain(st);
      }
      for (const c of list.content) ok(await api.get(`/v2/quotes/${c.id}`), 200, QuoteResponse);
      await api.close();
    } finally {
      await s.stop();
    }
  });

  it('refuses bad arguments and a broken seed with a message and a non-zero exit', () => {
    const tsx = join(REPO_ROOT, 'node_modules/.bin/tsx');
    const cli = join(REPO_ROOT, 'server/cli.ts');
    const noDir = spawnSync(tsx, [cli, '--port', '0'], { encoding: 'utf8', timeout: 60_000 });
    expect(noDir.status).toBe(2);
    expect(noDir.stderr).toContain('--data-dir');
    expect(noDir.stdout).toBe('');
    const badPort = spawnSync(tsx, [cli, '--port', 'x', '--data-dir', tempDir()], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(badPort.status).toBe(2);
    const seed = join(tempDir(), 'seed.json');
    writeFileSync(seed, JSON.stringify({ partners: [{ id: 'nope' }] }));
    const badSeed = spawnSync(tsx, [cli, '--port', '0', '--data-dir', tempDir(), '--seed', seed], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(badSeed.status).toBe(1);
    expect(badSeed.stderr).toContain('partners[0]');
    expect(badSeed.stdout).toBe('');
  });
});
