// The server keeps its disk use bounded under a steady stream of edits: its write-ahead log
// is copied back into the database file as it goes (off the serving thread), so the log never
// grows with the number of edits.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuoteResponse } from '../../common/api';
import { Api, DEMO, login, ok } from '../helpers/server-api';
import { startServer, type StartedServer } from '../helpers/server';

let server: StartedServer;
let ada: Api;

beforeAll(async () => {
  server = await startServer();
  ada = await login(server.baseUrl, server.ca, DEMO.ada);
});
afterAll(async () => {
  await ada?.close();
  await server?.stop();
});

describe('write-ahead log', () => {
  it('stays bounded over 600 edits (unchecked it would pass 20 MB)', async () => {
    const q = ok(await ada.post('/v2/quotes', { clientId: DEMO.clients.acme }), 201, QuoteResponse);
    for (let i = 0; i < 600; i++) {
      const r = await ada.put(`/v2/quotes/${q.id}`, {
        expiresOn: q.expiresOn,
        introMessage: `Revision ${i} `.padEnd(2000, 'x'),
        termsAndDisclaimers: q.termsAndDisclaimers,
        published: q.published,
        status: q.status,
      });
      expect(r.status).toBe(200);
    }
    const wal = statSync(join(server.dataDir, 'quoting.sqlite-wal')).size;
    expect(wal, `log of ${wal} bytes`).toBeLessThan(8 * 1024 * 1024);
    const read = ok(await ada.get(`/v2/quotes/${q.id}`), 200, QuoteResponse);
    expect(read.introMessage).toMatch(/^Revision 599 /);
  });
});
