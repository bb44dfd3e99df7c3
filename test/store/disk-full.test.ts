// A full disk loses nothing: on a real size-capped filesystem (tmpfs, 8 MiB), an edit that
// cannot be written is refused in words, what was saved stays as it was, and once space is
// back the same store takes the edit — no reopen, no restart.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, StoreFullError, type Store } from '../../main/store';
import { mapError } from '../../main/services/map-error';
import { acme, clientOf, pdf, seededStore } from './fixtures';

let dir = '';
let mounted = false;
let why = '';

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', dir], { stdio: 'pipe' });
    mounted = true;
  } catch (e) {
    why = String((e as { stderr?: Buffer }).stderr ?? e).trim();
    console.log(
      `disk-full: cannot mount a size-capped tmpfs here (${why}); using SQLite's max_page_count instead`,
    );
  }
});

afterAll(() => {
  // Lazily: a store a failed test left open must not keep the filesystem mounted.
  if (mounted) execFileSync('umount', ['-l', dir]);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Takes every free byte of the filesystem; returns how to give them back. */
function fillDisk(): () => void {
  const filler = path.join(dir, `filler-${Date.now()}`);
  const fd = fs.openSync(filler, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (e) {
    if ((e as { code?: string }).code !== 'ENOSPC') throw e;
  }
  // The last partial chunks: a full disk has not one byte left.
  for (const size of [4096, 512, 1])
    try {
      for (;;) fs.writeSync(fd, chunk, 0, size);
    } catch {
      // full at this size
    }
  fs.closeSync(fd);
  return () => fs.rmSync(filler);
}

/** Makes the store's next commit need new room: WAL emptied, then the disk (or file) capped. */
function noRoom(store: Store): () => void {
  store.checkpoint();
  store.database.pragma('wal_checkpoint(TRUNCATE)');
  if (mounted) return fillDisk();
  const pages = store.database.pragma('page_count', { simple: true }) as number;
  store.database.pragma(`max_page_count = ${pages}`);
  return () => store.database.pragma('max_page_count = 4294967294');
}

const bigEdit = (n: number) =>
  Array.from({ length: 20 }, (_, i) => ({
    type: 'Custom' as const,
    productName: `Onsite day ${n} ${i}`,
    productSku: `OD-${n}-${i}`,
    billingTerm: 'One-Time' as const,
    quantity: 1,
    price: 950,
    cost: 400,
    initialTotal: 950,
    note: `Travel and setup, visit ${n}.${i} `.repeat(60),
  }));

describe('a full disk', () => {
  it('refuses the edit in words, leaves what was saved, and takes it once space is back', () => {
    const store = seededStore({ file: path.join(dir, 'edits', 'quotedesk.sqlite') });
    const q = store.createQuote({ client: clientOf(acme) });
    store.updateHeader(q.id, { introMessage: 'Saved before the disk filled up' });
    const saved = store.getQuote(q.id)!;
    const seen: boolean[] = [];
    store.onCondition((c) => seen.push(c.full));

    const giveBack = noRoom(store);
    let err: unknown;
    try {
      store.addLineItems(q.id, bigEdit(1));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StoreFullError);
    expect((err as Error).message).toBe('The disk is full — this change was not saved.');
    expect(mapError(err)).toEqual({
      code: 'DISK_FULL',
      message: expect.stringMatching(/^The disk is full — this change was not saved\./),
    });
    expect(store.condition().full).toBe(true);
    // Nothing already saved was touched, and reads go on.
    expect(store.getQuote(q.id)).toEqual(saved);

    giveBack();
    store.addLineItems(q.id, bigEdit(2));
    expect(store.condition().full).toBe(false);
    expect(seen).toEqual([true, false]);
    expect(store.getQuote(q.id)!.work.lineItems).toHaveLength(20);
    const file = store.file;
    store.close();
    const again = openStore(file, { integrityCheck: 'full' });
    expect(again.getQuote(q.id)!.work.introMessage).toBe('Saved before the disk filled up');
    expect(again.getQuote(q.id)!.work.lineItems).toHaveLength(20);
    again.close();
  });

  it('refuses an attachment whose file cannot be written, leaving no part of it behind', (ctx) => {
    if (!mounted) {
      console.log(`skipped: ENOSPC while writing a file needs a size-capped filesystem (${why})`);
      ctx.skip();
    }
    const filesDir = path.join(dir, 'files-test', 'files');
    const store = seededStore({ file: path.join(dir, 'files-test', 'quotedesk.sqlite'), filesDir });
    const q = store.createQuote({ client: clientOf(acme) });
    const padding = '%'.repeat(1024 * 1024) + '\n';
    const big = Buffer.concat([Buffer.from(pdf(7)), Buffer.from(padding)]);
    const giveBack = noRoom(store);
    expect(() => store.addAttachments(q.id, [{ name: 'Datasheet.pdf', bytes: big }])).toThrow(
      StoreFullError,
    );
    expect(store.getQuote(q.id)!.work.attachments).toEqual([]);
    const leftovers = fs.existsSync(filesDir)
      ? fs
          .readdirSync(filesDir, { recursive: true })
          .map(String)
          .filter((f) => f.endsWith('.tmp'))
      : [];
    expect(leftovers).toEqual([]);
    giveBack();
    store.addAttachments(q.id, [{ name: 'Datasheet.pdf', bytes: big }]);
    expect(store.getQuote(q.id)!.work.attachments).toHaveLength(1);
    store.close();
  });
});
