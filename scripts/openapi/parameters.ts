// Parameters as they travel in the URL. The contract's query schemas parse strings into values
// (with transforms a document cannot express), so the wire form is stated here, built from the
// same enums and limits; a test keeps the names in step with the contract and the spec.
import { z } from 'zod';
import * as api from '../../common/api';

const uuid = (description: string) => z.string().meta({ format: 'uuid', description });

export const QuoteIdParams = z.object({ quoteId: uuid('id of the quote') });
export const AttachmentIdParams = z.object({ attachmentId: uuid('id of the attachment') });
export const QuoteAttachmentIdParams = QuoteIdParams.extend(AttachmentIdParams.shape);
export const AccessListEntryParams = QuoteIdParams.extend({
  accessListEntryId: uuid('id of the access-list entry'),
});
export const LineItemParams = QuoteIdParams.extend({ lineItemId: uuid('id of the line item') });

const onlyTrue = (description: string) => z.literal(true).meta({ description });

export const DownloadQuery = z.object({
  download: onlyTrue(
    'true returns the file itself (application/pdf) instead of its JSON',
  ).optional(),
});
export const DownloadZipQuery = z.object({
  downloadZip: onlyTrue('must be true: returns every attachment of the quote in one zip'),
});

export const ListQuotesQuery = z
  .object({
    limit: z
      .number()
      .int()
      .min(1)
      .max(api.LIMITS.pageSizeMax)
      .default(api.LIMITS.pageSizeDefault)
      .meta({ description: 'page size' }),
    page: z
      .number()
      .int()
      .min(0)
      .default(api.LIMITS.pageDefault)
      .meta({ description: 'zero-based page index' }),
    sort: z
      .string()
      .regex(
        new RegExp(`^(${api.SortField.options.join('|').replace(/\./g, '\\.')})(,(asc|desc))?$`),
      )
      .meta({
        description: `"field,asc|desc"; fields: ${api.SortField.options.join(', ')}`,
      }),
    search: z.string().max(api.LIMITS.searchMax).meta({
      description:
        'case-insensitive match on client name, reference code, creator name and invoice totals',
    }),
    status: z.string().meta({
      description: `comma-separated quote statuses: ${api.QuoteStatus.options.join(', ')}`,
    }),
    account: api.ListAccount.default('user').meta({
      description: "user: the caller's quotes (created or owned); partner: all of the partner's",
    }),
    partnerId: uuid('only quotes of this partner'),
    intentType: api.IntentType,
  })
  .partial();
