import { z } from 'zod';
import { AccountType, QuoteStatus } from './enums';
import { LIMITS } from './limits';
import { DateTime, Email, NonNegativeInt, Uuid, name, text } from './primitives';

export const CreateQuotePayload = z.object({
  clientId: Uuid,
  quoteRequestId: Uuid.optional(),
});
export type CreateQuotePayload = z.infer<typeof CreateQuotePayload>;

/** All five fields are required by the spec. */
export const UpdateQuotePayload = z.object({
  expiresOn: DateTime,
  introMessage: text(LIMITS.textMax),
  published: z.boolean({ error: 'must be true or false' }),
  status: QuoteStatus,
  termsAndDisclaimers: text(LIMITS.textMax),
});
export type UpdateQuotePayload = z.infer<typeof UpdateQuotePayload>;

export const CreateSectionPayload = z.object({ name: name(LIMITS.sectionNameMax) });
export type CreateSectionPayload = z.infer<typeof CreateSectionPayload>;

export const SectionLineItemPayload = z.object({ lineItemId: Uuid, order: NonNegativeInt });
export const SectionPayload = z.object({
  id: Uuid,
  name: name(LIMITS.sectionNameMax),
  order: NonNegativeInt,
  lineItems: z.array(SectionLineItemPayload).max(LIMITS.lineItems),
});
export type SectionPayload = z.infer<typeof SectionPayload>;
export const SectionsPayload = z.object({ sections: z.array(SectionPayload).max(100) });
export type SectionsPayload = z.infer<typeof SectionsPayload>;

export const AddAccessListEntryPayload = z.object({
  email: Email,
  accountName: text(255).optional(),
  accountRole: text(255).optional(),
  accountType: AccountType.optional(),
  userId: Uuid.optional(),
});
export type AddAccessListEntryPayload = z.infer<typeof AddAccessListEntryPayload>;
export const AddAccessListEntriesPayload = z
  .array(AddAccessListEntryPayload, { error: 'must be an array of recipients' })
  .min(1, { error: 'must hold at least one recipient' })
  .max(LIMITS.accessList, { error: `must hold at most ${LIMITS.accessList} recipients` });
export type AddAccessListEntriesPayload = z.infer<typeof AddAccessListEntriesPayload>;

export const UpdateAttachmentPayload = z.object({
  id: Uuid,
  name: name(LIMITS.attachmentNameMax),
  order: NonNegativeInt,
});
export type UpdateAttachmentPayload = z.infer<typeof UpdateAttachmentPayload>;
export const UpdateAttachmentsPayload = z
  .array(UpdateAttachmentPayload, { error: 'must be an array of attachments' })
  .min(1, { error: 'must hold at least one attachment' })
  .max(LIMITS.libraryAttachments);
export type UpdateAttachmentsPayload = z.infer<typeof UpdateAttachmentsPayload>;

export const CopyAttachmentPayload = z.object({ attachmentId: Uuid });
export type CopyAttachmentPayload = z.infer<typeof CopyAttachmentPayload>;
export const CopyAttachmentsPayload = z
  .array(CopyAttachmentPayload, { error: 'must be an array of attachment ids' })
  .min(1, { error: 'must hold at least one attachment' })
  .max(LIMITS.libraryAttachments);
export type CopyAttachmentsPayload = z.infer<typeof CopyAttachmentsPayload>;

export const SalesMarginPercentage = z
  .number({ error: 'must be a number' })
  .min(0, { error: 'must not be negative' })
  .lt(100, { error: 'must be below 100' });

export const PreferencesPayload = z.object({
  daysToExpire: z
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(LIMITS.daysToExpireMax, { error: `must be at most ${LIMITS.daysToExpireMax}` }),
  introMessage: text(LIMITS.textMax),
  termsAndDisclaimers: text(LIMITS.textMax),
  salesMarginPercentage: SalesMarginPercentage.optional(),
});
export type PreferencesPayload = z.infer<typeof PreferencesPayload>;

export const AddPreferenceAttachmentsPayload = z.object({
  attachments: z
    .array(Uuid, { error: 'must be an array of library attachment ids' })
    .min(1, { error: 'must hold at least one id' })
    .max(LIMITS.preferenceAttachments, {
      error: `must hold at most ${LIMITS.preferenceAttachments} ids`,
    }),
});
export type AddPreferenceAttachmentsPayload = z.infer<typeof AddPreferenceAttachmentsPayload>;
