// Local data is the user's alone, and the app log cannot fill the disk: on POSIX the data
// directory and its folders are 0700 and every file 0600 (stores and their WAL, logs,
// settings, attachment files) — including what an older version left wider — and the log
// rotates by size, keeping a few files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileLogger } from '../../main/core/log';
import { REPO_ROOT, startServer, type StartedServer } from '../helpers/server';
import { DEMO } from '../helpers/server-api';
import { fakeDialogPlatform, pdfBytes, startHarness } from '../services/harness';

let server: StartedServer;
const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-local-data-'));
  dirs.push(d);
  return d;
};
beforeAll(async () => {
  server = await startServer({ seed: path.join(REPO_ROOT, 'server/seed/demo.json') });
});
afterAll(async () => {
  await server?.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function modes(dir: string): Array<{ file: string; kind: 'dir' | 'file'; mode: number }> {
  const out: Array<{ file: string; kind: 'dir' | 'file'; mode: number }> = [
    { file: '.', kind: 'dir', mode: fs.statSync(dir).mode & 0o777 },
  ];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      const mode = fs.statSync(p).mode & 0o777;
      if (e.isDirectory()) {
        out.push({ file: path.relative(dir, p), kind: 'dir', mode });
        walk(p);
      } else if (e.isFile()) out.push({ file: path.relative(dir, p), kind: 'file', mode });
    }
  };
  walk(dir);
  return out;
}

describe.skipIf(process.platform === 'win32')('local data is private (POSIX modes)', () => {
  it('data directory 0700, every folder 0700, every file 0600 — stores, WAL, logs, settings, attachments', async () => {
    const dataDir = tempDir();
    // What an older version left behind: wide modes.
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'settings.json'), '{}', { mode: 0o644 });
    fs.mkdirSync(path.join(dataDir, 'logs'), { mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'logs', 'quotedesk.log'), '', { mode: 0o644 });
    const h = await startHarness({
      dataDir,
      platform: fakeDialogPlatform([], null, []),
      embedded: null,
    });
    try {
      const added = await h.call('profiles.add', {
        name: 'Northwind',
        baseUrl: server.baseUrl,
        clientId: DEMO.ada.clientId,
        clientSecret: DEMO.ada.secret,
        caPem: server.ca,
      });
      await h.call('profiles.switch', { profileId: added.id });
      const q = await h.call('quotes.create', { clientId: DEMO.clients.acme });
      await h.call('attachments.addFromBytes', {
        quoteId: q.header.id,
        files: [{ name: 'Terms.pdf', base64: pdfBytes('private').toString('base64') }],
      });
      const all = modes(dataDir);
      const names = all.map((m) => m.file);
      // The kinds of file the requirement names are all there to be checked.
      expect(names).toEqual(
        expect.arrayContaining([
          'settings.json',
          'connection-profiles.json',
          path.join('logs', 'quotedesk.log'),
          path.join('stores', added.id, 'quotedesk.sqlite'),
          path.join('stores', added.id, 'quotedesk.sqlite-wal'),
        ]),
      );
      expect(
        names.some((n) => n.startsWith(path.join('stores', added.id, 'files') + path.sep)),
      ).toBe(true);
      const wrong = all.filter((m) => m.mode !== (m.kind === 'dir' ? 0o700 : 0o600));
      expect(wrong).toEqual([]);
    } finally {
      await h.close();
    }
  }, 120_000);
});

describe('the app log rotates', () => {
  it('past its size the log moves to .1, .1 to .2 …, and only a few files are kept', () => {
    const logsDir = path.join(tempDir(), 'logs');
    const log = createFileLogger(logsDir, { maxBytes: 2_000, keep: 3 });
    for (let i = 0; i < 200; i++) log.info('sync.step', { i, note: 'x'.repeat(40) });
    const files = fs.readdirSync(logsDir).sort();
    expect(files).toEqual([
      'quotedesk.log',
      'quotedesk.log.1',
      'quotedesk.log.2',
      'quotedesk.log.3',
    ]);
    for (const f of files)
      expect(fs.statSync(path.join(logsDir, f)).size).toBeLessThanOrEqual(2_000);
    // Newest in the current file, older ones in order, every line whole.
    const last = (f: string) =>
      JSON.parse(fs.readFileSync(path.join(logsDir, f), 'utf8').trim().split('\n').pop()!) as {
        i: number;
      };
    expect(last('quotedesk.log').i).toBe(199);
    expect(last('quotedesk.log.1').i).toBeLessThan(last('quotedesk.log').i);
    expect(last('quotedesk.log.2').i).toBeLessThan(last('quotedesk.log.1').i);
    // A new logger (the next start) goes on from the current size, and still rotates.
    const again = createFileLogger(logsDir, { maxBytes: 2_000, keep: 3 });
    for (let i = 0; i < 50; i++) again.info('after.restart', { i, note: 'y'.repeat(40) });
    expect(fs.readdirSync(logsDir)).toHaveLength(4);
  });
});
