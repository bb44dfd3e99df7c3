// A lost laptop shows nothing of the client: through the core as the app runs it (the real
// server over HTTPS, the real keychain in dbus-run-session, the real sync engine), a
// salesperson edits a quote — client, a price, a note, an attached PDF — it syncs (the server
// gives it its reference code) and a PDF attached on the server side is pulled. Then the raw
// bytes of every file under the data folder (the profile's database, -wal, -shm, files/, the
// scratch folder, logs) are searched for those values, while the core is open (the WAL holds
// the edits) and after it closed, and so is every file that appears even for a moment while it
// runs (a download kept in the clear and deleted at once). Encrypted: no hit. The same run with
// encryption off (policy `dataProtection: none`) finds each value, so the search can fail.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProtection } from '../../common/policy';
import { policyFrom } from '../../main/core/policy';
import { DEMO_SEED, startServer, type StartedServer } from '../helpers/server';
import { DEMO, files, login, type Api } from '../helpers/server-api';
import { hitsOnDisk } from '../store/disk-bytes';
import { keychainGate } from '../vault/keychain-required';
import { startHarness, type Harness, connectNorthwind } from './harness';

const gate = await keychainGate();

const CLIENT_ID = '5c0e4a7e-9d1b-4a53-8f0e-6f1d2c3b4a59';
const CLIENT = 'Quillhaven Orthodontics';
/** In the working copy's JSON a price is a decimal number, written as this text. */
const PRICE = 4817.39;
const NOTE = 'Zanzibar aligner trays, deliver before Thursday';
const PDF_TEXT = 'Heliotrope Cove confidential pricing';
const SERVER_PDF_TEXT = 'Marigold Basin appendix from the office';

/** A real PDF whose page text sits in an uncompressed content stream: its plain bytes hold it. */
function pdfSaying(text: string): Buffer {
  const content = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer << /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The demo seed with one more Northwind client, whose name nothing else on disk would hold. */
function seedWithClient(dir: string): string {
  const seed = JSON.parse(fs.readFileSync(DEMO_SEED, 'utf8')) as {
    partners: { name: string; clients: { id: string; name: string; isShadowCompany: boolean }[] }[];
  };
  const northwind = seed.partners.find((p) => p.name.startsWith('Northwind'))!;
  northwind.clients.push({ id: CLIENT_ID, name: CLIENT, isShadowCompany: false });
  const file = path.join(dir, 'seed.json');
  fs.writeFileSync(file, JSON.stringify(seed));
  return file;
}

/**
 * Every file that appears under `dir` while it runs, read the moment it is seen (inotify):
 * a download written in the clear and deleted a moment later is caught here.
 */
function watchTransient(dir: string, texts: string[]) {
  const seen = new Map<string, string[]>();
  const look = (rel: string | null) => {
    if (!rel) return;
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(path.join(dir, rel));
    } catch {
      return;
    }
    for (const t of texts) {
      if (bytes.includes(t) || bytes.includes(t.toLowerCase())) {
        seen.set(t, [...(seen.get(t) ?? []), rel]);
      }
    }
  };
  const watcher = fs.watch(dir, { recursive: true }, (_event, rel) => look(rel));
  return { seen, stop: () => watcher.close() };
}

interface Found {
  values: string[];
  whileOpen: Map<string, string[]>;
  afterClose: Map<string, string[]>;
  transient: Map<string, string[]>;
  walWhileOpen: boolean;
}

let server: StartedServer;
let remote: Api;
const dirs: string[] = [];

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-at-rest-seed-'));
  dirs.push(dir);
  server = await startServer({ seed: seedWithClient(dir) });
  remote = await login(server.baseUrl, server.ca, DEMO.ada);
});
afterAll(async () => {
  await remote?.close();
  await server?.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** The salesperson's session, then what the disk shows. */
// long: one scenario read top to bottom — edit, sync, a file from the server, search the disk twice
async function session(protection: DataProtection): Promise<Found> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-at-rest-'));
  dirs.push(dataDir);
  const texts = [CLIENT, String(PRICE), NOTE, PDF_TEXT, SERVER_PDF_TEXT];
  const transient = watchTransient(dataDir, texts);
  let h: Harness | undefined;
  try {
    h = await startHarness({
      dataDir,
      platform: { mode: 'browser' },
      embedded: null,
      policy: policyFrom('test', { dataProtection: protection }),
    });
    const harness = h;
    const profileId = await connectNorthwind(h, server);
    expect((await h.call('profiles.list')).profiles.length).toBe(1);
    await h.waitFor('the catalogue', async () => {
      const c = await harness.call('catalogue.clients', { search: 'Quillhaven' });
      return c.content.length > 0;
    });

    const q = await h.call('quotes.create', { clientId: CLIENT_ID });
    const quoteId = q.header.id;
    const { lineItemIds } = await h.call('lineItems.add', {
      quoteId,
      items: [
        { type: 'Standard', productId: DEMO.products.m365, billingTerm: 'Monthly', quantity: 3 },
      ],
    });
    await h.call('lineItems.update', {
      quoteId,
      lineItemId: lineItemIds[0]!,
      patch: { price: PRICE, note: NOTE },
    });
    await h.call('attachments.addFromBytes', {
      quoteId,
      files: [{ name: 'Offer.pdf', base64: pdfSaying(PDF_TEXT).toString('base64') }],
    });
    const synced = await h.waitFor('the quote synced', async () => {
      await harness.call('sync.runNow', {});
      const d = await harness.call('quotes.get', { quoteId });
      return d.sync.state === 'synced' && d.header.referenceCode ? d : null;
    });
    const reference = synced.header.referenceCode!;
    texts.push(reference);

    // The office attaches a file to the quote on the server; the app pulls it for offline preview.
    const up = await remote.call('POST', `/v2/quotes/${synced.header.serverId}/attachments`, {
      form: files('attachments', [{ name: 'Appendix.pdf', data: pdfSaying(SERVER_PDF_TEXT) }]),
    });
    expect(up.status, up.text).toBeLessThan(300);
    await h.waitFor('the office file on this computer', async () => {
      await harness.call('sync.runNow', {});
      const d = await harness.call('quotes.get', { quoteId });
      const a = d.attachments.find((x) => x.name === 'Appendix.pdf');
      return a?.localFile === true;
    });
    // The values really are in the store: they read back through the app.
    const d = await h.call('quotes.get', { quoteId });
    expect(d.header.client.name).toBe(CLIENT);
    expect(d.lineItems[0]!.price).toBe(PRICE);

    const storeDir = path.join(dataDir, 'stores', profileId);
    const walWhileOpen = fs.existsSync(path.join(storeDir, 'quotedesk.sqlite-wal'));
    const whileOpen = hitsOnDisk(dataDir, texts);
    await h.close();
    h = undefined;
    transient.stop();
    return {
      values: texts,
      whileOpen,
      afterClose: hitsOnDisk(dataDir, texts),
      transient: transient.seen,
      walWhileOpen,
    };
  } finally {
    transient.stop();
    await h?.close();
  }
}

describe.runIf(gate.run)('the quotes on this computer, read as raw bytes', () => {
  it('encrypted (key in the keychain): no client name, reference, price, note or file text in any file, open or closed', async () => {
    const found = await session('keychain');
    expect(found.walWhileOpen).toBe(true);
    expect(found.whileOpen).toEqual(new Map());
    expect(found.afterClose).toEqual(new Map());
    expect(found.transient).toEqual(new Map());
  });

  it('unencrypted (policy none): the same search finds every one of them', async () => {
    const found = await session('none');
    expect(found.walWhileOpen).toBe(true);
    for (const v of found.values) {
      const anywhere = [...(found.whileOpen.get(v) ?? []), ...(found.afterClose.get(v) ?? [])];
      expect(anywhere, v).not.toEqual([]);
    }
    // Closed, everything is in the database file and files/ themselves.
    for (const v of found.values) expect(found.afterClose.get(v), v).toBeDefined();
  });
});
