// A full disk, made for real: the app's whole data folder (store, WAL, logs, attachment files,
// the embedded server's database and log) on a small tmpfs, filled while the salesperson works —
// editing, syncing, adding an attachment, attaching a proposal, exporting drafts — then space
// given back. The app must answer every call in words, keep what it acknowledged, and carry on
// without a restart once there is room again.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfBytes } from '../services/harness';
import { faultApps, until } from './app';
import { expectAnswering, expectNoRawText, firstQuote, tempDir, wordsShown } from './fixtures';

const isRoot = process.getuid?.() === 0;
if (!isRoot) console.log('[faults] the full-disk cases need root to mount a tmpfs: not run here');

const mounts: string[] = [];
afterAll(() => {
  for (const m of mounts) execFileSync('umount', ['-l', m]);
});
// After the unmount above in the file, so its apps are killed before it (hooks run as a stack).
const launch = faultApps();

/** A data folder on a tmpfs of `mb` MiB of its own. */
function smallDisk(mb: number): string {
  const dir = tempDir('disk-full');
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${mb}m`, 'tmpfs', dir]);
  mounts.push(dir);
  return dir;
}

/** Fills the disk under `dir` to the last byte; returns the filler to delete for space back. */
function fill(dir: string): string {
  const filler = path.join(dir, 'filler.bin');
  const fd = fs.openSync(filler, 'a');
  const block = Buffer.alloc(64 * 1024);
  try {
    for (;;) fs.writeSync(fd, block);
  } catch {
    // ENOSPC: full. Smaller writes take what is left between the blocks.
    try {
      for (;;) fs.writeSync(fd, block.subarray(0, 512));
    } catch {
      // full to the last block
    }
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}

const start = (dataDir: string) => launch({ dataDir });

describe.runIf(isRoot)('a full disk (the whole data folder on a small tmpfs)', () => {
  it('30 edits on a full disk: each answered in words, the app stays up, and carries on once space is back (the report: the app ended after 7)', async () => {
    const dataDir = smallDisk(48);
    const app = await start(dataDir);
    const quoteId = await firstQuote(app);
    const acked: string[] = [];
    const edit = async (text: string) => {
      const r = await app.call('quotes.updateHeader', { quoteId, introMessage: text });
      expectNoRawText('quotes.updateHeader', r);
      if (r.ok) acked.push(text);
      else expect(r.error.code).toBe('DISK_FULL');
      return r;
    };
    await edit('before the disk filled');
    const filler = fill(dataDir);
    let refused = 0;
    for (let i = 1; i <= 30; i++) {
      const r = await edit(`edit ${i} on a full disk`);
      if (!r.ok) refused++;
    }
    expect(refused, 'a full disk refused nothing: the tmpfs was not full').toBeGreaterThan(0);
    await app.call('sync.runNow');
    await expectAnswering(app);
    // Said in words, and not once per edit: the notice comes when the disk fills (again).
    const notices = wordsShown(app).filter((w) => /disk is full/.test(w) && !/Sync/.test(w));
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.length).toBeLessThan(refused);

    // Work that writes files, on the full disk: refused in words, nothing crashes.
    const pdf = pdfBytes('full-disk');
    const attach = await app.call('attachments.addFromBytes', {
      quoteId,
      files: [{ name: 'Site survey.pdf', base64: pdf.toString('base64') }],
    });
    expectNoRawText('attachments.addFromBytes', attach);
    const proposal = await app.call('proposal.attach', { quoteId });
    expectNoRawText('proposal.attach', proposal);
    const drafts = await app.call('drafts.export');
    expectNoRawText('drafts.export', drafts);
    await expectAnswering(app);

    // Space back: the next edit goes through without a restart, and sync carries on.
    fs.rmSync(filler);
    await until(async () => (await edit('space is back')).ok, 'an edit to go through', 15_000);
    await until(async () => !(await app.value('store.health')).full, 'the notice to clear');
    const again = await app.call('attachments.addFromBytes', {
      quoteId,
      files: [{ name: 'Site survey.pdf', base64: pdf.toString('base64') }],
    });
    expect(again.ok).toBe(true);
    await app.value('sync.runNow');
    await until(
      async () => {
        const s = await app.value('sync.status');
        return !s.running && s.pendingCount === 0 && !s.lastError;
      },
      'sync to finish with nothing pending',
      30_000,
    );
    // Where the log had to stop (its last page full too), it says so now that it writes again.
    const logFile = path.join(dataDir, 'logs', 'quotedesk.log');
    if (app.output().includes('log stopped writing')) {
      await until(
        async () => {
          await app.call('sync.runNow'); // a line to log
          return fs.readFileSync(logFile, 'utf8').includes('"event":"log.resumed"');
        },
        'the log to say it resumed',
        20_000,
      );
    }
    await expectAnswering(app);

    // Every acknowledged edit is there after a restart.
    await app.stop();
    const after = await start(dataDir);
    const quote = await after.value('quotes.get', { quoteId });
    expect(quote.header.introMessage).toBe(acked.at(-1));
    expect(quote.attachments.map((a) => a.name)).toContain('Site survey.pdf');
    await expectAnswering(after);
  });
});
