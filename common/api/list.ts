import { z } from 'zod';
import { IntentType, ListAccount, QuoteStatus, SortDirection, SortField } from './enums';
import { LIMITS } from './limits';
import { Uuid } from './primitives';
import {
  AmountCurrency,
  ClientDetails,
  OwnedByDetails,
  QuoteListPartnerDetails,
} from './resources';

export const PageInfo = z.object({
  number: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
export type PageInfo = z.infer<typeof PageInfo>;

export const ListStatusCounts = z.object({
  accepted: z.number().int(),
  closed: z.number().int(),
  declined: z.number().int(),
  draft: z.number().int(),
  expired: z.number().int(),
  sent: z.number().int(),
  pending: z.number().int().optional(),
  /** Not in the spec's table; our server also counts these two statuses. */
  assigned: z.number().int().optional(),
  changes_requested: z.number().int().optional(),
});
export type ListStatusCounts = z.infer<typeof ListStatusCounts>;

export const ListLineItemCounts = z.object({
  custom: z.number().int(),
  msp: z.number().int(),
  total: z.number().int(),
});
export type ListLineItemCounts = z.infer<typeof ListLineItemCounts>;

export const ListTotals = z.object({
  initialTotal: AmountCurrency,
  recurringTotal: AmountCurrency,
});
export type ListTotals = z.infer<typeof ListTotals>;

export const ListContent = z.object({
  id: z.string(),
  status: QuoteStatus,
  client: ClientDetails,
  createdBy: z.string(),
  createdOn: z.string(),
  updatedOn: z.string(),
  referenceCode: z.string(),
  published: z.boolean(),
  lineItemCounts: ListLineItemCounts,
  totals: ListTotals,
  publishedOn: z.string().optional(),
  intentType: IntentType.optional(),
  ownedBy: OwnedByDetails.optional(),
  partner: QuoteListPartnerDetails.optional(),
});
export type ListContent = z.infer<typeof ListContent>;

export const ListResponse = z.object({
  content: z.array(ListContent),
  page: PageInfo,
  statusCounts: ListStatusCounts,
});
export type ListResponse = z.infer<typeof ListResponse>;

/** A query-string integer: digits only, so "1e2", "0x10" and " 5" are refused. */
const queryInt = (min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,10}$/, { error: 'must be a whole number' })])
    .transform((v) => Number(v))
    .pipe(
      z
        .number()
        .int({ error: 'must be a whole number' })
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    );

export const Sort = z.string().transform((v, ctx) => {
  const [field, direction = 'asc', ...rest] = v.split(',');
  const f = SortField.safeParse(field);
  const d = SortDirection.safeParse(direction.toLowerCase());
  if (!f.success || !d.success || rest.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be "field,asc|desc" with field one of ${SortField.options.join(', ')}`,
    });
    return z.NEVER;
  }
  return { field: f.data, direction: d.data };
});
export type Sort = z.output<typeof Sort>;

export const StatusList = z.string().transform((v, ctx) => {
  const parts = v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const bad = parts.filter((s) => !QuoteStatus.safeParse(s).success);
  if (parts.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be comma-separated statuses among ${QuoteStatus.options.join(', ')}`,
    });
    return z.NEVER;
  }
  return parts as QuoteStatus[];
});

/** Query of `GET /v2/quotes`, as strings from a URL or values from code. */
export const ListQuotesQuery = z.object({
  limit: queryInt(1, LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
  page: queryInt(0, 1_000_000_000).default(LIMITS.pageDefault),
  sort: Sort.optional(),
  search: z
    .string()
    .max(LIMITS.searchMax, { error: `must be at most ${LIMITS.searchMax} characters` })
    .optional(),
  status: StatusList.optional(),
  account: ListAccount.default('user'),
  partnerId: Uuid.optional(),
  intentType: IntentType.optional(),
});
export type ListQuotesQuery = z.output<typeof ListQuotesQuery>;
export type ListQuotesQueryInput = z.input<typeof ListQuotesQuery>;

/** Query of the catalogue lists (`/v1/companies`, `/v1/products`). */
export const CatalogueQuery = z.object({
  page: queryInt(0, 1_000_000_000).default(0),
  size: queryInt(1, LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
  search: z
    .string()
    .max(LIMITS.searchMax, { error: `must be at most ${LIMITS.searchMax} characters` })
    .optional(),
});
export type CatalogueQuery = z.output<typeof CatalogueQuery>;

/** `download=true` / `downloadZip=true`: the only allowed value is true. */
export const TrueFlag = z.literal('true', { error: 'the only allowed value is true' });
