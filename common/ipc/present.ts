// Present mode's contract: the open quote as the client may see it at their desk, and the
// partner's logo that heads it (and the proposal PDF). The view carries no cost, profit or
// margin field at all: what the screen cannot receive it cannot show.
import { z } from 'zod';
import { QuoteStatus } from '../api/enums';
import { RECURRING_PERIODS } from '../money/periods';
import { call, Done, none, quote } from './call';

/** The logo's largest file: a crisp logo is a few tens of KB; this keeps a photo out. */
export const PARTNER_LOGO_MAX_BYTES = 512 * 1024;
export const PARTNER_LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

export const PartnerLogo = z.object({
  mimeType: z.enum(PARTNER_LOGO_TYPES, 'must be a PNG or JPEG image'),
  /** The image file, base64; its bytes are checked against its type in main. */
  base64: z
    .string()
    .min(1, 'is required')
    .max(Math.ceil(PARTNER_LOGO_MAX_BYTES / 3) * 4 + 4, 'is larger than 512 KB'),
});
export type PartnerLogo = z.infer<typeof PartnerLogo>;

export const PresentLine = z.object({
  product: z.string(),
  billingTerm: z.string(),
  quantity: z.number(),
  /** Unit price as the quote keeps it (up to 4 decimals). */
  unitPrice: z.number(),
  initialCents: z.number().int(),
  recurringCents: z.number().int(),
  note: z.string(),
  /** Shown under the line it requires. */
  addOnOf: z.string().nullable(),
});
export type PresentLine = z.infer<typeof PresentLine>;

export const PresentView = z.object({
  quoteId: z.string(),
  partner: z.object({ name: z.string(), logo: PartnerLogo.nullable() }),
  client: z.object({ name: z.string() }),
  referenceCode: z.string().nullable(),
  status: QuoteStatus,
  expiresOn: z.string(),
  preparedBy: z.string(),
  intro: z.string(),
  terms: z.string(),
  currency: z.string(),
  sections: z.array(z.object({ name: z.string().nullable(), lines: z.array(PresentLine) })),
  /** The one-time total and one recurring total per billing period: never a sum across them. */
  totals: z.object({
    initialCents: z.number().int(),
    recurring: z.array(z.object({ period: z.enum(RECURRING_PERIODS), cents: z.number().int() })),
  }),
});
export type PresentView = z.infer<typeof PresentView>;

export const presentCalls = {
  /** The quote as the client sees it in present mode, from this computer's copy (offline). */
  'present.view': call(z.object(quote), PresentView),
  /** The logo kept for this connection on this computer (never sent), or null. */
  'partnerLogo.get': call(none, z.object({ logo: PartnerLogo.nullable() })),
  'partnerLogo.set': call(PartnerLogo, z.object({ logo: PartnerLogo })),
  'partnerLogo.clear': call(none, Done),
};
