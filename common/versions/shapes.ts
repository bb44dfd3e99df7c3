// What a comparison of two versions of a quote says, as the UI receives it: the header fields,
// sections and line items that differ, each in words ("added", "removed", "changed"), and the
// totals of both sides per billing period with their difference. Money in totals is in cents;
// unit prices and costs as the API carries them (up to 4 decimals).
import { z } from 'zod';
import { QuoteStatus } from '../api/enums';
import { RECURRING_PERIODS } from '../money/periods';

/** The header fields a comparison looks at: what the client reads, not the quote's state. */
export const COMPARED_HEADER_FIELDS = ['expiresOn', 'introMessage', 'termsAndDisclaimers'] as const;
export const ComparedHeaderField = z.enum(COMPARED_HEADER_FIELDS);
export type ComparedHeaderField = z.infer<typeof ComparedHeaderField>;

/** The fields of a line item a comparison looks at. */
export const COMPARED_LINE_FIELDS = [
  'name',
  'quantity',
  'price',
  'cost',
  'billingTerm',
  'commitmentTerm',
  'initialTotal',
  'note',
  'section',
] as const;
export const ComparedLineField = z.enum(COMPARED_LINE_FIELDS);
export type ComparedLineField = z.infer<typeof ComparedLineField>;

export const FieldValue = z.union([z.string(), z.number(), z.null()]);
export type FieldValue = z.infer<typeof FieldValue>;

export const HeaderChange = z.object({
  field: ComparedHeaderField,
  from: z.string(),
  to: z.string(),
});
export type HeaderChange = z.infer<typeof HeaderChange>;

export const SectionChange = z.object({
  id: z.string(),
  change: z.enum(['added', 'removed', 'renamed']),
  /** The name on the older side (absent when added). */
  from: z.string().optional(),
  /** The name on the newer side (absent when removed). */
  to: z.string().optional(),
});
export type SectionChange = z.infer<typeof SectionChange>;

/** A line as one side has it: enough to say what was added or removed. */
export const LineFacts = z.object({
  name: z.string(),
  sku: z.string(),
  quantity: z.number(),
  price: z.number(),
  cost: z.number(),
  billingTerm: z.string(),
  note: z.string(),
  section: z.string().nullable(),
});
export type LineFacts = z.infer<typeof LineFacts>;

export const LineChange = z.object({
  id: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
  /** The product's name (the newer side's, unless removed). */
  name: z.string(),
  from: LineFacts.optional(),
  to: LineFacts.optional(),
  /** For `changed`: every compared field that differs, in COMPARED_LINE_FIELDS order. */
  fields: z.array(z.object({ field: ComparedLineField, from: FieldValue, to: FieldValue })),
});
export type LineChange = z.infer<typeof LineChange>;

export const TotalsBasis = z.enum(['initial', ...RECURRING_PERIODS]);
export type TotalsBasis = z.infer<typeof TotalsBasis>;

export const BasisCents = z.object({
  total: z.number().int(),
  cost: z.number().int(),
  profit: z.number().int(),
  /** Percent, 2 decimals; absent when the total is 0. */
  margin: z.number().optional(),
});
export type BasisCents = z.infer<typeof BasisCents>;

/** One-time money, or one billing period's recurring money, on both sides and the difference. */
export const TotalsDelta = z.object({
  basis: TotalsBasis,
  from: BasisCents,
  to: BasisCents,
  /** to − from, in cents. */
  delta: z.object({ total: z.number().int(), cost: z.number().int(), profit: z.number().int() }),
});
export type TotalsDelta = z.infer<typeof TotalsDelta>;

export const VersionDiff = z.object({
  header: z.array(HeaderChange),
  sections: z.array(SectionChange),
  lines: z.array(LineChange),
  /** Every basis either side has, in the Totals card's order (one-time, then the periods). */
  totals: z.array(TotalsDelta),
  currency: z.string(),
  /** Nothing the comparison looks at differs (totals then differ by nothing either). */
  same: z.boolean(),
});
export type VersionDiff = z.infer<typeof VersionDiff>;

/**
 * Why a version was made: a publish froze the quote as sent, the salesperson saved one, the
 * client answered at the desk (the quote exactly as they saw it), or sync stopped before
 * sending that answer because the server's copy had changed (the server's copy, to compare).
 */
export const VersionReason = z.enum(['published', 'saved', 'desk', 'server']);
export type VersionReason = z.infer<typeof VersionReason>;

export const VersionLabel = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters');

/** One version of a quote, as the Versions panel lists it. */
export const VersionSummary = z.object({
  /** 1, 2, 3 … per quote, in the order they were made. */
  number: z.number().int().min(1),
  reason: VersionReason,
  label: z.string(),
  createdOn: z.string(),
  /** Who made it (the signed-in user's name; empty when not known yet). */
  createdBy: z.string(),
  /** The quote's status when it was made. */
  status: QuoteStatus,
  currency: z.string(),
  lineCount: z.number().int(),
  /** One-time money and each billing period's recurring money, in cents. */
  totals: z.array(z.object({ basis: TotalsBasis, total: z.number().int() })),
  /** The proposal PDF as it was made for this version (kept encrypted with the store). */
  pdf: z.object({ sha256: z.string(), sizeBytes: z.number().int() }).nullable(),
  /** The SHA-256 of the version's content as it was stored (null: made before hashes). */
  sha256: z.string().nullable(),
  /** Its link in the chain of versions: the hash of its content and of the version before. */
  chainSha256: z.string().nullable(),
});
export type VersionSummary = z.infer<typeof VersionSummary>;

/** One side of a comparison: a version by number, or the quote as it is now. */
export const VersionRef = z.union([z.number().int().min(1), z.literal('now')]);
export type VersionRef = z.infer<typeof VersionRef>;

export const VersionSide = z.object({
  ref: VersionRef,
  /** "Version 1 · Published" or "Now". */
  title: z.string(),
  status: QuoteStatus,
});
export type VersionSide = z.infer<typeof VersionSide>;

export const VersionComparison = z.object({
  from: VersionSide,
  to: VersionSide,
  diff: VersionDiff,
});
export type VersionComparison = z.infer<typeof VersionComparison>;

/** One version's part of "Verify": its content hashed again beside the hash it was stored with. */
export const VersionLinkCheck = z.object({
  number: z.number().int().min(1),
  /** The hash recorded when the version was made. */
  recorded: z.string().nullable(),
  recomputed: z.string(),
  /** Its link in the chain as stored (covers its content and the version before it). */
  chain: z.string().nullable(),
  intact: z.boolean(),
});
export type VersionLinkCheck = z.infer<typeof VersionLinkCheck>;

/**
 * What "Verify" found: every version of the quote hashed again, oldest first, and the chain of
 * hashes followed through them; the first version altered, removed or out of order is named.
 */
export const VersionCheck = z.object({
  intact: z.boolean(),
  /** The first place the chain breaks; null when every version is as it was saved. */
  broken: z
    .object({
      number: z.number().int().min(1),
      fault: z.enum(['altered', 'removed', 'reordered']),
    })
    .nullable(),
  versions: z.array(VersionLinkCheck),
  /** In words, for the salesperson. */
  message: z.string(),
});
export type VersionCheck = z.infer<typeof VersionCheck>;
