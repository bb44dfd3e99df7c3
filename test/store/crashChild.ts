// A burst of edits for the crash test: opened on a store file, it edits as fast as it can
// and prints one line per edit *after* that edit's commit returned, until it is killed.
// Deterministic per seed (ids, clock and choices), so the parent can tell what it did.
//   begin <k> <quoteId|new>        an edit is about to run
//   ok <k> <quoteId> <generation> <digest>   it committed
//   skip <k>                       it was refused (nothing written)
import crypto from 'node:crypto';
import { StoreValidationError, openStore, type Store } from '../../main/store';
import { digest, rng } from './crashShared';

const [file, seedArg] = process.argv.slice(2);
const rand = rng(Number(seedArg));
let idCounter = 0;
const seedHex = Number(seedArg).toString(16).padStart(8, '0');
const newId = () =>
  `${seedHex}-${crypto.randomBytes(2).toString('hex')}-4000-8000-${(++idCounter).toString(16).padStart(12, '0')}`;
const store: Store = openStore(file!, { newId });

const M365 = '094347cf-431a-464f-98b9-32ebeb165c8a';
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const out = (line: string) => process.stdout.write(line + '\n');

if (!store.product(M365)) {
  store.putProducts([
    {
      id: M365,
      name: 'Microsoft 365 Business Premium',
      vendorName: 'MST',
      sku: 'MST-M365-BP',
      requiresCommitment: false,
      isMspOnly: false,
      type: 'Standalone',
    },
  ]);
  store.putPricing(M365, [
    {
      productId: M365,
      billingTerm: 'Monthly',
      type: 'x',
      rates: [{ partnerBuyRate: 19.8, suggestedRetailPrice: 22, chargeType: 'x' }],
    },
  ]);
}
const quotes = store.listQuotes({ account: 'partner', limit: 100 }).content.map((q) => q.id);
out('ready');

for (let k = 0; ; k++) {
  const create = quotes.length < 3 || rand() < 0.05;
  const q = create ? null : pick(quotes);
  out(`begin ${k} ${q ?? 'new'}`);
  try {
    let id = q;
    if (!q) {
      id = store.createQuote({
        client: {
          id: 'ed3a65e4-8eda-4ada-b243-2b8c1e9e6165',
          name: `Client ${k}`,
          isShadowCompany: false,
        },
      }).id;
      quotes.push(id);
    } else {
      const w = store.getWork(q);
      const r = rand();
      if (r < 0.3)
        store.addLineItems(q, [
          {
            type: 'Standard',
            productId: M365,
            billingTerm: 'Monthly',
            quantity: 1 + (k % 9),
            note: `item ${k}`,
          },
        ]);
      else if (r < 0.4)
        store.addLineItems(q, [
          {
            type: 'Custom',
            productName: `Service ${k}`,
            billingTerm: 'One-Time',
            price: k,
            cost: 1,
            initialTotal: k,
            quantity: 1,
          },
        ]);
      else if (r < 0.55)
        store.updateHeader(q, { introMessage: `intro ${k} ${'x'.repeat(k % 300)}` });
      else if (r < 0.65 && w.lineItems.length)
        store.updateLineItems(q, [{ id: pick(w.lineItems).id, quantity: 1 + (k % 50) }]);
      else if (r < 0.72 && w.lineItems.length) store.deleteLineItems(q, [w.lineItems[0]!.id]);
      else if (r < 0.77) store.createSection(q, `Section ${k}`);
      else if (r < 0.82) store.addAccessEntries(q, [{ email: `r${k}@acme.example` }]);
      else if (r < 0.85)
        store.addAttachments(q, [
          { name: `f${k}.pdf`, bytes: new TextEncoder().encode(`%PDF-1.4 file ${seedArg} ${k}`) },
        ]);
      else if (r < 0.95) {
        if (!store.undo(q)) throw new StoreValidationError([]);
      } else if (!store.redo(q)) throw new StoreValidationError([]);
    }
    const rec = store.getQuote(id!)!;
    out(`ok ${k} ${id} ${rec.generation} ${digest(rec.work)}`);
  } catch (err) {
    if (!(err instanceof StoreValidationError)) throw err;
    out(`skip ${k}`);
  }
}
