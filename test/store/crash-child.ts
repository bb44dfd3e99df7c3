// A burst of work for the crash test: opened on a store file, it edits, writes journal
// entries and checkpoints as fast as it can, printing one line per step *after* that step
// returned (a journal entry: after it is durable), until it is killed. It yields to the event
// loop now and then, as the app does, so the store's own checkpoints run too. Deterministic
// per seed (ids, choices), so the parent can tell what it did.
//   begin <k> <quoteId|new>                   an edit is about to run
//   ok <k> <quoteId> <generation> <digest>    it committed
//   skip <k>                                  it was refused (nothing written)
//   jbegin <k> <entryId|new> <state|removed>  a journal write is about to run
//   jok <k> <entryId> <state|removed> <fingerprint>   it is durable
//   ckpt <k> / ckptok <k>                     a checkpoint starts / returned
import crypto from 'node:crypto';
import { StoreValidationError, openStore, type Store } from '../../main/store';
import { rng } from '../helpers/rng';
import { digest } from './crash-shared';
import { engineStore } from '../../main/store/engine';

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
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

if (!store.caches.product(M365)) {
  store.caches.putProducts([
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
  store.caches.putPricing(M365, [
    {
      productId: M365,
      billingTerm: 'Monthly',
      type: 'x',
      rates: [{ partnerBuyRate: 19.8, suggestedRetailPrice: 22, chargeType: 'x' }],
    },
  ]);
}
const quotes = store.listQuotes({ account: 'partner', limit: 100 }).content.map((q) => q.id);
/** Open journal entries and their state, as a sync engine walks them. */
const openEntries = new Map(
  engineStore(store)
    .sync.listJournal()
    .filter((e) => e.state !== 'done')
    .map((e) => [e.id, e.state]),
);
out('ready');

function edit(k: number): void {
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

/** One step of the sync engine's bookkeeping: plan a request, or move an open one on. */
async function journal(k: number): Promise<void> {
  const entry = openEntries.size && rand() < 0.6 ? pick([...openEntries.entries()]) : null;
  if (!entry) {
    const fingerprint = `fp-${seedArg}-${k}`;
    const input = {
      quoteId: pick(quotes),
      op: 'addLineItems',
      method: 'POST',
      path: `/v2/quotes/x/line-items`,
      fingerprint,
      body: { k },
    };
    out(`jbegin ${k} new planned`);
    // As the engine does it (commit, then the WAL synced off the event loop), or in one call.
    const e =
      rand() < 0.7
        ? await engineStore(store).sync.planRequestDurable(input)
        : engineStore(store).sync.planRequest(input);
    openEntries.set(e.id, 'planned');
    out(`jok ${k} ${e.id} planned ${fingerprint}`);
    return;
  }
  const [id, state] = entry;
  const next = state === 'planned' ? 'in_flight' : rand() < 0.8 ? 'done' : 'unknown';
  if (state === 'unknown' || (state === 'in_flight' && rand() < 0.3)) {
    // The answer came (or a lost create was adopted): the entry goes.
    out(`jbegin ${k} ${id} removed`);
    engineStore(store).sync.removeRequest(id);
    openEntries.delete(id);
    out(`jok ${k} ${id} removed -`);
    return;
  }
  out(`jbegin ${k} ${id} ${next}`);
  const e = engineStore(store).sync.markRequest(id, next);
  if (next === 'done') openEntries.delete(id);
  else openEntries.set(id, next);
  out(`jok ${k} ${id} ${e.state} ${e.fingerprint}`);
}

for (let k = 0; ; k++) {
  const r = rand();
  if (r < 0.8) edit(k);
  else if (r < 0.95) await journal(k);
  else {
    out(`ckpt ${k}`);
    store.checkpoint();
    out(`ckptok ${k}`);
  }
  // The app yields between user actions: the store's idle checkpoints get their turn.
  if (rand() < 0.1) await yieldToLoop();
}
