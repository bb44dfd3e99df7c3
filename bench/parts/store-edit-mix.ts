// The edits of the `store` suite, as a salesperson makes them: a session of ten edits on one
// quote — quantities and prices most, a line's note, the header's intro, a catalogue item added
// and one deleted — then the next quote, half of them full (30 items), each quote visited again
// later. The quote is read before each edit, as the UI reads it back.
import type { Store } from '../../main/store';
import { rng } from '../lib';

export const EDIT_MIX = 'mixed edits, half on 30-item quotes';
/** Sessions of ten edits measured, on 20 full and 20 small quotes, after a warm-up. */
export const SESSIONS = 200;
export const WARMUP_SESSIONS = 20;

/** Runs one edit; the caller times it (or not, in the warm-up). */
export type Timed = (edit: () => unknown) => void;

/**
 * The sessions of one store. Two stores holding the same data, each given its own mix, make
 * the same edits on the same quotes: `session(s)` runs session `s` — on the warm-up's quotes
 * when `warmUp`, so the measured ones are edited by code the JIT has compiled, as in an app
 * that has been in use.
 */
export function editMix(
  store: Store,
  productIds: string[],
): (s: number, warmUp: boolean, timed: Timed) => void {
  const drafts = (full: boolean, offset: number) =>
    store.database
      .prepare(
        `SELECT id FROM quotes WHERE status = 'draft' AND items_total ${full ? '= 30' : 'BETWEEN 2 AND 4'} ORDER BY qrow LIMIT 20 OFFSET ${offset}`,
      )
      .pluck()
      .all() as string[];
  const measured = { full: drafts(true, 0), small: drafts(false, 0) };
  const warm = { full: drafts(true, 20), small: drafts(false, 20) };
  const r = rng(11);
  return (s, warmUp, timed) => {
    const isFull = s % 2 === 0;
    const id = (warmUp ? warm : measured)[isFull ? 'full' : 'small'][Math.floor(s / 2) % 20]!;
    session(store, productIds, r, id, isFull, s, timed);
  };
}

function session(
  store: Store,
  productIds: string[],
  r: () => number,
  id: string,
  isFull: boolean,
  s: number,
  timed: Timed,
): void {
  const line = () => {
    const items = store.getWork(id).lineItems;
    return items[Math.floor(r() * items.length)]!.id;
  };
  const quantity = () => {
    const li = line();
    const quantity = 1 + Math.floor(r() * 90);
    timed(() => store.updateLineItems(id, [{ id: li, quantity }]));
  };
  const price = () => {
    const li = line();
    const price = Math.round(r() * 100_000) / 100;
    timed(() => store.updateLineItems(id, [{ id: li, price }]));
  };
  const add = () => {
    store.getWork(id);
    const productId = productIds[Math.floor(r() * productIds.length)]!;
    const quantity = 1 + Math.floor(r() * 20);
    timed(() =>
      store.addLineItems(id, [{ type: 'Standard', productId, billingTerm: 'Monthly', quantity }]),
    );
  };
  const remove = (last: boolean) => {
    const items = store.getWork(id).lineItems;
    const li = items[last ? items.length - 1 : Math.floor(r() * items.length)]!.id;
    timed(() => store.deleteLineItems(id, [li]));
  };
  quantity();
  price();
  quantity();
  const li = line();
  const note = `Delivery to site ${Math.floor(r() * 100)} in week ${s % 52}`;
  timed(() => store.updateLineItems(id, [{ id: li, note }]));
  quantity();
  store.getWork(id);
  const intro = `Dear client, thank you for meeting us on day ${s}. Here is our proposal.`;
  timed(() => store.updateHeader(id, { introMessage: intro }));
  price();
  // A full quote has no room for one more item: one goes first, then one is added.
  if (isFull) {
    remove(false);
    add();
  } else {
    add();
    remove(true);
  }
  const both = line();
  const p = Math.round(r() * 100_000) / 100;
  timed(() => store.updateLineItems(id, [{ id: both, price: p, quantity: 2 }]));
}
