// What a server killed during uploads leaves in its data directory — partial files in
// `files/tmp/`, and a stored file whose row never committed (killed between moving the file
// into place and the insert) — is removed at the next start; attachments with rows stay.
// The leftovers are written by the test: a kill at those exact points cannot be asked for.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AttachmentResponse, QuoteResponse } from '../../common/api';
import { DEMO, files, login, ok, pdf } from '../helpers/server-api';
import { startServer, type StartedServer } from '../helpers/server';

const dataDir = mkdtempSync(join(tmpdir(), 'quotedesk-leftovers-'));
let server: StartedServer | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('server start after a kill during uploads', () => {
  it('removes partial uploads and stored files without a row; attachments keep their files', async () => {
    server = await startServer({ dataDir });
    let api = await login(server.baseUrl, server.ca, DEMO.ada);
    const q = ok(await api.post('/v2/quotes', { clientId: DEMO.clients.acme }), 201, QuoteResponse);
    const bytes = pdf('leftovers-kept');
    const [att] = ok(
      await api.call('POST', `/v2/quotes/${q.id}/attachments`, {
        form: files('attachments', [{ name: 'kept.pdf', data: bytes }]),
      }),
      201,
      z.array(AttachmentResponse),
    );
    await api.close();
    await server.stop();

    const root = join(dataDir, 'files');
    writeFileSync(join(root, 'tmp', 'c2d7b0a4-partial'), bytes.subarray(0, 20));
    const orphanBytes = pdf('leftovers-orphan');
    const orphan = createHash('sha256').update(orphanBytes).digest('hex');
    mkdirSync(join(root, orphan.slice(0, 2)), { recursive: true });
    writeFileSync(join(root, orphan.slice(0, 2), orphan), orphanBytes);

    server = await startServer({ dataDir });
    expect(readdirSync(join(root, 'tmp'))).toEqual([]);
    expect(existsSync(join(root, orphan.slice(0, 2), orphan))).toBe(false);
    await server.waitForLog('files.swept');
    expect(server.stderr()).toContain('"orphans":1');

    api = await login(server.baseUrl, server.ca, DEMO.ada);
    const got = await api.call('GET', `/v2/quotes/${q.id}/attachments/${att!.id}?download=true`);
    expect(got.status).toBe(200);
    await api.close();
  });
});
