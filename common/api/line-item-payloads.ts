import { z } from 'zod';
import { BillingTerm, CustomBillingTerm } from './enums';
import { LIMITS } from './limits';
import { DateTime, Money, NonNegativeInt, Quantity, Uuid, text } from './primitives';
import { UsageBased } from './resources';

/** Rules of the spec's Limits table for Custom items. */
export const CustomProductName = z
  .string({ error: 'must be a string' })
  .min(1, { error: 'is required' })
  .max(LIMITS.productNameMax, { error: `must be at most ${LIMITS.productNameMax} characters` })
  .regex(/^[A-Za-z0-9 ]+$/, { error: 'may contain only letters, digits and spaces' });

/** A SKU's characters and length; empty is allowed (the app's way of saying "no SKU"). */
export const CustomProductSkuText = z
  .string({ error: 'must be a string' })
  .max(LIMITS.productSkuMax, { error: `must be at most ${LIMITS.productSkuMax} characters` })
  .regex(/^[A-Za-z0-9-]*$/, { error: 'may contain only letters, digits and dashes' });

export const CustomProductSku = CustomProductSkuText.min(1, { error: 'must not be empty' });

export const Note = text(LIMITS.noteMax);

const common = {
  effectiveDate: DateTime,
  price: Money,
  quantity: Quantity,
  note: Note.optional(),
};

const relations = {
  commitmentTermId: Uuid.optional(),
  requiredLineItemId: Uuid.optional(),
  requiredLineItemIndex: NonNegativeInt.optional(),
  requiredSubscriptionId: Uuid.optional(),
  subscriptionId: Uuid.optional(),
};

export const AddStandardLineItem = z.object({
  type: z.literal('Standard'),
  ...common,
  billingTerm: BillingTerm,
  productId: Uuid,
  ...relations,
});
export type AddStandardLineItem = z.infer<typeof AddStandardLineItem>;

export const AddCustomLineItem = z.object({
  type: z.literal('Custom'),
  ...common,
  billingTerm: CustomBillingTerm,
  cost: Money,
  initialTotal: Money,
  productName: CustomProductName,
  productSku: CustomProductSku.optional(),
});
export type AddCustomLineItem = z.infer<typeof AddCustomLineItem>;

export const AddUsageBasedLineItem = z.object({
  type: z.literal('UsageBased'),
  ...common,
  billingTerm: BillingTerm,
  cost: Money,
  productId: Uuid,
  usageBased: UsageBased,
  ...relations,
});
export type AddUsageBasedLineItem = z.infer<typeof AddUsageBasedLineItem>;

export const AddLineItemPayload = z.discriminatedUnion(
  'type',
  [AddStandardLineItem, AddCustomLineItem, AddUsageBasedLineItem],
  { error: 'type must be one of Standard, Custom, UsageBased' },
);
export type AddLineItemPayload = z.infer<typeof AddLineItemPayload>;

export const AddLineItemsPayload = z
  .array(AddLineItemPayload, { error: 'must be an array of line items' })
  .min(1, { error: 'must hold at least one line item' })
  .max(LIMITS.lineItems, { error: `must hold at most ${LIMITS.lineItems} line items` });
export type AddLineItemsPayload = z.infer<typeof AddLineItemsPayload>;

// Update payloads are the add payloads with the item's `id` and without what an update
// cannot change: the product and the relationships (spec, line-item rule 2).
export const UpdateStandardLineItem = AddStandardLineItem.omit({
  productId: true,
  requiredLineItemId: true,
  requiredLineItemIndex: true,
  requiredSubscriptionId: true,
  subscriptionId: true,
}).extend({ id: Uuid });
export type UpdateStandardLineItem = z.infer<typeof UpdateStandardLineItem>;

export const UpdateCustomLineItem = AddCustomLineItem.extend({ id: Uuid });
export type UpdateCustomLineItem = z.infer<typeof UpdateCustomLineItem>;

export const UpdateUsageBasedLineItem = AddUsageBasedLineItem.omit({
  productId: true,
  requiredLineItemId: true,
  requiredLineItemIndex: true,
  requiredSubscriptionId: true,
  subscriptionId: true,
}).extend({ id: Uuid });
export type UpdateUsageBasedLineItem = z.infer<typeof UpdateUsageBasedLineItem>;

export const UpdateLineItemPayload = z.discriminatedUnion(
  'type',
  [UpdateStandardLineItem, UpdateCustomLineItem, UpdateUsageBasedLineItem],
  { error: 'type must be one of Standard, Custom, UsageBased' },
);
export type UpdateLineItemPayload = z.infer<typeof UpdateLineItemPayload>;

export const UpdateLineItemsPayload = z
  .array(UpdateLineItemPayload, { error: 'must be an array of line items' })
  .min(1, { error: 'must hold at least one line item' })
  .max(LIMITS.lineItems, { error: `must hold at most ${LIMITS.lineItems} line items` });
export type UpdateLineItemsPayload = z.infer<typeof UpdateLineItemsPayload>;

export const DeleteLineItemsPayload = z.object({
  lineItemIds: z
    .array(Uuid, { error: 'must be an array of line item ids' })
    .min(1, { error: 'must hold at least one id' })
    .max(LIMITS.lineItems, { error: `must hold at most ${LIMITS.lineItems} ids` }),
});
export type DeleteLineItemsPayload = z.infer<typeof DeleteLineItemsPayload>;
