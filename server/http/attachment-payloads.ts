import { z } from 'zod';
import { LIMITS, UpdateAttachmentPayload } from '../../common/api';

/**
 * The rename-and-reorder payload as the server reads it: any whole `order` passes the shape
 * check, so an order outside 0…n−1 (negative ones included) is answered with the home's
 * `*_UNSUPPORTED_ORDER_INDEX` code as docs/architecture.md#attachments-and-duplicates asks, not as a malformed field.
 */
export const UpdateAttachmentsInput = z
  .array(
    UpdateAttachmentPayload.extend({
      order: z
        .number({ error: 'must be a whole number' })
        .int({ error: 'must be a whole number' })
        .min(-2_147_483_648, { error: 'must be a 32-bit whole number' })
        .max(2_147_483_647, { error: 'must be a 32-bit whole number' }),
    }),
    { error: 'must be an array of attachments' },
  )
  .min(1, { error: 'must hold at least one attachment' })
  .max(LIMITS.libraryAttachments);
