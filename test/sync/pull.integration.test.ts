import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../main/api';
import { CLIENTS, PRODUCTS, device, pdf, primeCatalogue } from './harness';
import { officeForFile } from './office';

let ada: ApiClient;
let ben: ApiClient;
const files = mkdtempSync(join(tmpdir(), 'quotedesk-sync-pdf-'));

officeForFile((office) => ({ ada, ben } = office));

function pdfFile(tag: string): string {
  const p = join(files, `${tag}.pdf`);
  writeFileSync(p, pdf(tag));
  return p;
}

describe('sync engine against the real server: pull, attachments and access list both ways', () => {
  it('a quote made by a colleague comes down with its items, sections, recipients and a local copy of its PDF', async () => {
    const q = await ben.createQuote({ clientId: CLIENTS.cedar.id });
    const [li] = await ben.addLineItems(q.id, [
      {
        type: 'Standard',
        productId: PRODUCTS.m365,
        billingTerm: 'Monthly',
        quantity: 4,
        price: 22,
        effectiveDate: new Date().toISOString(),
      },
    ]);
    await ben.replaceSections(q.id, {
      sections: [
        {
          id: crypto.randomUUID(),
          name: 'Cloud',
          order: 0,
          lineItems: [{ lineItemId: li!.id, order: 0 }],
        },
      ],
    });
    await ben.addAccessList(q.id, [{ email: 'owner@cedar.example', accountType: 'contact' }]);
    await ben.uploadQuoteAttachments(q.id, [pdfFile('from-ben')]);

    const d = device(ada);
    const r = await d.engine.syncOnce();
    expect(r.pull!.imported).toBeGreaterThanOrEqual(1);
    const local = d.store.sync.localIdOf('quote', q.id)!;
    const w = d.store.getQuote(local)!.work;
    expect(w.lineItems.map((x) => x.quantity)).toEqual([4]);
    expect(w.sections.map((s) => [s.name, s.lineItems.length])).toEqual([['Cloud', 1]]);
    expect(w.accessList.map((a) => a.email)).toEqual(['owner@cedar.example']);
    // The engine downloads remote attachments for offline preview.
    await d.engine.syncOnce();
    const att = d.store.getQuote(local)!.work.attachments[0]!;
    expect(att.sha256).toBe(createHash('sha256').update(pdf('from-ben')).digest('hex'));

    // And back up: Ada removes the recipient, adds another, swaps the PDF.
    d.store.removeAccessEntry(local, w.accessList[0]!.id);
    d.store.addAccessEntries(local, [{ email: 'it@cedar.example', accountType: 'guest' }]);
    d.store.removeAttachment(local, att.id);
    d.store.addAttachments(local, [{ name: 'terms.pdf', bytes: pdf('from-ada') }]);
    const up = await d.engine.syncOnce();
    expect(up.results[local]).toBe('synced');
    expect((await ben.getAccessList(q.id)).accessList.map((a) => a.email)).toEqual([
      'it@cedar.example',
    ]);
    expect((await ben.getQuote(q.id)).attachments.map((a) => a.name)).toEqual(['terms.pdf']);
    d.store.close();
  });

  it('the pull is incremental: a second pull with no remote change reads one page and nothing else', async () => {
    const d = device(ada);
    await d.engine.syncOnce();
    const calls: string[] = [];
    const counting = new Proxy(ada, {
      get(t, k) {
        const v = t[k as keyof ApiClient];
        return typeof v === 'function'
          ? (...a: unknown[]) => (
              calls.push(String(k)),
              (v as (...x: unknown[]) => unknown).apply(t, a)
            )
          : v;
      },
    });
    const again = d.reopen(counting);
    const r = await again.engine.syncOnce();
    expect(r.pull!.imported + r.pull!.refreshed).toBe(0);
    expect(calls).toEqual(['listQuotes']);

    // One remote change: exactly that quote is read again.
    const sid = [
      ...(await ben.listQuotes({ account: 'partner', limit: 1, sort: 'updatedOn,desc' })).content,
    ][0]!.id;
    const cur = await ben.getQuote(sid);
    await ben.updateQuote(sid, {
      expiresOn: cur.expiresOn,
      introMessage: 'changed by Ben',
      termsAndDisclaimers: cur.termsAndDisclaimers,
      status: cur.status,
      published: cur.published,
    } as never);
    calls.length = 0;
    const r2 = await again.engine.syncOnce();
    expect(r2.pull!.refreshed).toBe(1);
    expect(calls.sort()).toEqual(['getAccessList', 'getQuote', 'getSections', 'listQuotes']);
    expect(again.store.getQuote(again.store.sync.localIdOf('quote', sid)!)!.work.introMessage).toBe(
      'changed by Ben',
    );
    again.store.close();
  });

  it('a quote deleted remotely disappears locally at the next pull', async () => {
    const d = device(ada);
    await primeCatalogue(d.store, ada);
    const w = d.store.createQuote({ client: CLIENTS.acme });
    await d.engine.syncOnce();
    const sid = d.store.getQuote(w.id)!.serverId!;
    await ben.deleteQuote(sid);
    const r = await d.engine.syncOnce();
    expect(r.pull!.removed).toBe(1);
    expect(d.store.getQuote(w.id)).toBeNull();
    d.store.close();
  });
});
