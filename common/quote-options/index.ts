// Options and alternatives of a quote, kept on this computer only (never sent: the API has no
// such notion). The server holds the quote as currently chosen; this document names which of
// its lines or sections the client may leave out (options) or pick one of (alternatives), and
// keeps the lines of those not chosen as a kit, to be put back in one step when chosen.
import { z } from 'zod';
import { KitContent } from '../kits';

export const QuoteOption = z.object({
  id: z.string().min(1),
  /** What the client reads: the product's name, or the section's. */
  label: z.string().min(1),
  kind: z.enum(['line', 'section']),
  /** The alternatives group it belongs to; null for an option the client ticks. */
  groupId: z.string().min(1).nullable(),
  /**
   * Its lines' ids in the working copy when last put in. It is chosen exactly when all of them
   * are in the quote: so undo and redo of a choice, which restore the working copy, restore the
   * choice with it.
   */
  lineItemIds: z.array(z.string().min(1)).min(1),
  /** Its lines as last kept (refreshed each time they leave the quote). */
  kit: KitContent,
});
export type QuoteOption = z.infer<typeof QuoteOption>;

export const AlternativesGroup = z.object({
  id: z.string().min(1),
  /** "Choose one of" — what the client reads above the alternatives. */
  name: z.string().trim().min(1, 'is required').max(200, 'is longer than 200 characters'),
});
export type AlternativesGroup = z.infer<typeof AlternativesGroup>;

export const QuoteOptions = z.object({
  options: z.array(QuoteOption),
  groups: z.array(AlternativesGroup),
});
export type QuoteOptions = z.infer<typeof QuoteOptions>;

export const NO_OPTIONS: QuoteOptions = { options: [], groups: [] };
