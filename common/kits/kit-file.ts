// A kit: a named group of line items (with their sections, notes, terms, quantities, prices
// and add-on relations) saved from a quote and inserted into another in one step. Kits live in
// the local store of one connection profile and are never sent to the server; a kit file is
// how colleagues share one. The schema is stated once here: the store keeps a kit in this
// shape, and a file is checked against it before anything of it is kept.
import { z } from 'zod';
import { BillingTerm, CustomBillingTerm, UsageBasedType } from '../api/enums';
import { LIMITS } from '../api/limits';
import { CustomProductName, CustomProductSkuText, Note } from '../api/line-item-payloads';
import { Quantity, UnitMoney } from '../api/primitives';

/** What a kit file says it is, so another JSON file (a quote export, a policy) is named as foreign. */
export const KIT_FILE_FORMAT = 'quotedesk.kit';
export const KIT_FILE_VERSION = 1;
/** A kit file is small: 30 items of a few hundred bytes. Anything far larger is not one. */
export const KIT_FILE_MAX_BYTES = 1024 * 1024;

export const KitName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters');

// A kit's quantities, amounts, notes and Custom names follow the API's rules, stated once in
// common/api: a kit file is checked with them where it enters, and the store trusts it.
const Amount = UnitMoney;
const ProductId = z.string().min(1, 'is required').max(100);
const Index = z.number().int().min(0);

const common = {
  quantity: Quantity,
  /** The unit price the item had when the kit was saved. */
  price: Amount,
  note: Note,
  /** Index into the kit's `sections`; null: in no section. */
  section: Index.nullable(),
};
const catalogueProduct = {
  productId: ProductId,
  /** The product's name and SKU when saved: shown in the Kits screen, also offline. */
  productName: z.string().max(LIMITS.productNameMax),
  sku: z.string().max(LIMITS.productSkuMax),
  billingTerm: BillingTerm,
  commitmentTermId: z.string().max(100).nullable(),
  /** Index into the kit's `items` of the product this add-on requires; null: not an add-on. */
  parent: Index.nullable(),
};

export const KitStandardItem = z.strictObject({
  type: z.literal('Standard'),
  ...catalogueProduct,
  ...common,
  /**
   * The catalogue's price of (product, term) when the kit was saved. When today's differs,
   * the item takes today's price instead of `price`. Null: none was known then.
   */
  listPrice: z.strictObject({ cost: Amount, suggested: Amount }).nullable(),
});
export const KitCustomItem = z.strictObject({
  type: z.literal('Custom'),
  productName: CustomProductName,
  sku: CustomProductSkuText,
  billingTerm: CustomBillingTerm,
  cost: Amount,
  /** The item's initial amount: a recurring item's setup fee. */
  initialTotal: Amount,
  ...common,
});
export const KitUsageBasedItem = z.strictObject({
  type: z.literal('UsageBased'),
  ...catalogueProduct,
  cost: Amount,
  usageBased: z.strictObject({ displayNote: z.boolean(), type: UsageBasedType }),
  ...common,
});
export const KitItem = z.discriminatedUnion('type', [
  KitStandardItem,
  KitCustomItem,
  KitUsageBasedItem,
]);
export type KitItem = z.infer<typeof KitItem>;

export const KitSection = z.strictObject({
  name: z.string().trim().min(1, 'is required').max(LIMITS.sectionNameMax),
});

/** A kit's content: what is saved, exported and inserted. */
export const KitContent = z
  .strictObject({
    name: KitName,
    /** The partner's currency the prices are in: a kit is inserted only into quotes in it. */
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD'),
    sections: z.array(KitSection).max(LIMITS.lineItems),
    items: z
      .array(KitItem)
      .min(1, 'must hold at least one line item')
      .max(LIMITS.lineItems, `must hold at most ${LIMITS.lineItems} line items`),
  })
  .superRefine((kit, ctx) => {
    kit.items.forEach((item, i) => {
      if (item.section !== null && item.section >= kit.sections.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'section'],
          message: `must name one of the kit's ${kit.sections.length} sections`,
        });
      }
      if (item.type === 'Custom' || item.parent === null) return;
      const parent = kit.items[item.parent];
      if (item.parent === i || !parent || parent.type === 'Custom') {
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'parent'],
          message: 'must name another catalogue item of the kit',
        });
      }
    });
  });
export type KitContent = z.infer<typeof KitContent>;

export const KitFile = z.strictObject({
  format: z.literal(KIT_FILE_FORMAT),
  version: z.literal(KIT_FILE_VERSION),
  exportedAt: z.iso.datetime({ offset: true }),
  kit: KitContent,
});
export type KitFile = z.infer<typeof KitFile>;

/** The text of a kit file. */
export function kitFileText(kit: KitContent, exportedAt: string): string {
  const file: KitFile = { format: KIT_FILE_FORMAT, version: KIT_FILE_VERSION, exportedAt, kit };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** A file name for a kit: its name with what a file system may refuse left out. */
export function kitFileName(name: string): string {
  const base = name
    .replace(/[^\p{L}\p{N} ._-]+/gu, '')
    .trim()
    .replace(/\s+/g, ' ');
  return `${base || 'kit'}.qdkit.json`;
}

export type KitFileProblem = { field: string; message: string };

/**
 * Reads a kit file's text. A file that is not JSON, not a kit file (another format, or none)
 * or from a newer version is refused with one sentence that says so; a kit file with a bad
 * value with the first field at fault (`kit.items.2.quantity`) and what is wrong with it.
 */
export function parseKitFile(
  text: string,
): { ok: true; kit: KitContent } | { ok: false; problem: KitFileProblem } {
  if (text.length > KIT_FILE_MAX_BYTES) {
    return {
      ok: false,
      problem: { field: 'file', message: 'The file is too large to be a kit file.' },
    };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return {
      ok: false,
      problem: { field: 'file', message: 'The file is not a kit file: it is not JSON.' },
    };
  }
  const format =
    raw && typeof raw === 'object' && !Array.isArray(raw)
      ? (raw as Record<string, unknown>).format
      : undefined;
  if (format !== KIT_FILE_FORMAT) {
    const what =
      typeof format === 'string' && format ? ` (its format is "${format.slice(0, 60)}")` : '';
    return {
      ok: false,
      problem: { field: 'format', message: `The file is not a Quotedesk kit file${what}.` },
    };
  }
  const version = (raw as Record<string, unknown>).version;
  if (typeof version === 'number' && version > KIT_FILE_VERSION) {
    return {
      ok: false,
      problem: {
        field: 'version',
        message: `The kit file was made by a newer Quotedesk (version ${version}); update Quotedesk to open it.`,
      },
    };
  }
  const r = KitFile.safeParse(raw);
  if (r.success) return { ok: true, kit: r.data.kit };
  const issue = r.error.issues[0]!;
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const field = [...issue.path.map(String), ...keys.slice(0, 1)].join('.') || 'file';
  const message = keys.length ? 'is not a field of a kit file' : issue.message;
  return {
    ok: false,
    problem: { field, message: `The kit file is not valid: ${field} ${message}.` },
  };
}
