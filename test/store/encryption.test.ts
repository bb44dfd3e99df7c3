import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore, StoreKeyError, type Store } from '../../main/store';
import { hitsOnDisk, filesUnder } from './disk-bytes';
import { M365, acme, clientOf, seededStore, tempDir } from './fixtures';

const CLIENT = acme.name;
const NOTE = 'Granite Peak renewal before the fiscal year';
const PRICE = 4321.87;
const PDF_TEXT = 'Confidential Granite Peak proposal';

function pdfWith(text: string): Uint8Array {
  return new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

/** A salesperson's edits: a client, a price, a note and an attached PDF. */
function edit(store: Store): string {
  const q = store.createQuote({ client: clientOf(acme) });
  const [li] = store.addLineItems(q.id, [
    { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 3 },
  ]);
  store.updateLineItems(q.id, [{ id: li!, price: PRICE, note: NOTE }]);
  store.addAttachments(q.id, [{ name: 'Proposal.pdf', bytes: pdfWith(PDF_TEXT) }]);
  return q.id;
}

const VALUES = [CLIENT, NOTE, 'Granite Peak', String(PRICE), PDF_TEXT];

describe('a store encrypted at rest', () => {
  it('holds no client name, price, note or file text anywhere on disk (database, WAL, files)', () => {
    const dir = tempDir();
    const key = crypto.randomBytes(32);
    const store = seededStore({
      file: path.join(dir, 'quotedesk.sqlite'),
      filesDir: path.join(dir, 'files'),
      key,
    });
    const id = edit(store);
    // While open: the edits sit in the WAL.
    expect(fs.existsSync(path.join(dir, 'quotedesk.sqlite-wal'))).toBe(true);
    expect(hitsOnDisk(dir, VALUES)).toEqual(new Map());
    store.checkpoint();
    store.close();
    expect(hitsOnDisk(dir, VALUES)).toEqual(new Map());
    expect(filesUnder(path.join(dir, 'files')).length).toBe(1);
    // And it all reads back with the key.
    const again = openStore(path.join(dir, 'quotedesk.sqlite'), {
      filesDir: path.join(dir, 'files'),
      key,
    });
    const w = again.getWork(id);
    expect(w.client.name).toBe(CLIENT);
    expect(w.lineItems[0]!.price).toBe(PRICE);
    expect(w.lineItems[0]!.note).toBe(NOTE);
    expect(again.readFile(w.attachments[0]!.sha256!).toString('latin1')).toContain(PDF_TEXT);
    again.close();
  });

  it('without a key (the user chose no encryption) the same edits are readable on disk', () => {
    const dir = tempDir();
    const store = seededStore({
      file: path.join(dir, 'quotedesk.sqlite'),
      filesDir: path.join(dir, 'files'),
    });
    edit(store);
    const hits = hitsOnDisk(dir, VALUES);
    for (const v of VALUES) expect(hits.get(v), v).toBeDefined();
    store.close();
  });

  it('reopens after a clean shutdown with the cheap check, as a plaintext store does (quick_check reads the whole file)', () => {
    const dir = tempDir();
    const file = path.join(dir, 'quotedesk.sqlite');
    const key = crypto.randomBytes(32);
    const made = seededStore({ file, key });
    edit(made);
    made.close();
    const checkedAt = () => {
      const s = openStore(file, { key });
      const at = s.getMeta<string>('integrity.checkedAt');
      s.close();
      return at;
    };
    const first = checkedAt();
    expect(first).toBeTruthy();
    // A check that ran would stamp a later time.
    const until = Date.now() + 5;
    while (Date.now() < until);
    expect(checkedAt()).toBe(first);
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  it('refuses a wrong key with StoreKeyError and leaves the file exactly as it was', () => {
    const dir = tempDir();
    const file = path.join(dir, 'quotedesk.sqlite');
    const store = seededStore({ file, key: crypto.randomBytes(32) });
    edit(store);
    store.close();
    const digest = () =>
      filesUnder(dir)
        .sort()
        .map(
          (f) =>
            `${path.relative(dir, f)}:${crypto.createHash('sha256').update(fs.readFileSync(f)).digest('hex')}`,
        );
    const before = digest();
    expect(() => openStore(file, { key: crypto.randomBytes(32) })).toThrow(StoreKeyError);
    expect(digest()).toEqual(before);
  });

  it('keeps one sealed copy of equal files, named by a keyed hash, and refuses an altered one', () => {
    const dir = tempDir();
    const files = path.join(dir, 'files');
    const key = crypto.randomBytes(32);
    const store = seededStore({ file: path.join(dir, 'quotedesk.sqlite'), filesDir: files, key });
    const bytes = pdfWith('shared');
    const a = store.putFile(bytes);
    const b = store.putFile(bytes);
    expect(a.sha256).toBe(b.sha256);
    const onDisk = filesUnder(files);
    expect(onDisk).toHaveLength(1);
    expect(path.basename(onDisk[0]!)).not.toContain(a.sha256);
    // Another store's key names the same content differently.
    const otherFiles = path.join(tempDir(), 'files');
    const other = seededStore({ filesDir: otherFiles, key: crypto.randomBytes(32) });
    other.putFile(bytes);
    expect(path.basename(filesUnder(otherFiles)[0]!)).not.toBe(path.basename(onDisk[0]!));
    other.close();
    const sealed = fs.readFileSync(onDisk[0]!);
    sealed[sealed.length - 20]! ^= 1;
    fs.writeFileSync(onDisk[0]!, sealed);
    expect(() => store.readFile(a.sha256)).toThrow();
    store.close();
  });
});
