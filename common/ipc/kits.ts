// The UI's view of kits (common/kits): named groups of line items kept on this computer, per
// connection profile, inserted into a quote in one step. Never sent to the server.
import { z } from 'zod';
import { BillingTerm, LineItemKind } from '../api/enums';
import { Id, IsoDateTime } from './shapes';

export const KitItemView = z.object({
  /** The product's name (a Custom item's own). */
  name: z.string(),
  sku: z.string(),
  kind: LineItemKind,
  billingTerm: BillingTerm,
  quantity: z.number().int(),
  /** The unit price saved with the kit. */
  price: z.number(),
  /** The section it goes into; absent: none. */
  section: z.string().optional(),
  /** The product this add-on goes with. */
  addOnOf: z.string().optional(),
});
export type KitItemView = z.infer<typeof KitItemView>;

export const KitSummary = z.object({
  id: Id,
  name: z.string(),
  createdOn: IsoDateTime,
  updatedOn: IsoDateTime,
  currency: z.string(),
  itemCount: z.number().int(),
  sections: z.array(z.string()),
  items: z.array(KitItemView),
});
export type KitSummary = z.infer<typeof KitSummary>;

/** A catalogue item whose catalogue price changed since the kit was saved: it takes today's. */
export const KitPriceChange = z.object({
  productName: z.string(),
  billingTerm: BillingTerm,
  /** The unit price saved in the kit. */
  was: z.number(),
  /** Today's catalogue price, which the inserted item takes. */
  now: z.number(),
});
export type KitPriceChange = z.infer<typeof KitPriceChange>;

/** What "Add kit" would do to a quote, before anything is added. */
export const KitPreview = z.object({
  kitId: Id,
  name: z.string(),
  itemCount: z.number().int(),
  /** How many more line items the quote can take (30 at most a quote). */
  room: z.number().int(),
  /** Why it cannot be added (too many items: says how many fit; another currency). */
  problem: z.string().optional(),
  priceChanges: z.array(KitPriceChange),
  /** Sections of the kit the quote lacks: made by the insert. */
  newSections: z.array(z.string()),
});
export type KitPreview = z.infer<typeof KitPreview>;
