/**
 * Limits of the Quoting API: the spec's own, and the project's decisions where the spec
 * leaves them open (docs/architecture.md#limits). The server enforces them and the app
 * checks them before it syncs.
 */
export const LIMITS = {
  lineItems: 30,
  accessList: 25,
  quoteAttachments: 10,
  libraryAttachments: 50,
  preferenceAttachments: 5,
  attachmentBytes: 10 * 1024 * 1024,
  pageSizeMax: 100,
  pageSizeDefault: 10,
  pageDefault: 0,
  noteMax: 2000,
  productNameMax: 255,
  productSkuMax: 100,
  /** Intro message, terms and disclaimers: the spec names no limit; this keeps rows sane. */
  textMax: 20_000,
  attachmentNameMax: 255,
  sectionNameMax: 255,
  emailMax: 254,
  searchMax: 200,
  daysToExpireMax: 3650,
  /** A quantity is an int32 in the spec. */
  quantityMax: 2_147_483_647,
  /** Unit prices and costs keep up to 4 decimals (docs/architecture.md#money-and-totals). */
  moneyDecimals: 4,
  moneyMax: 1_000_000_000,
  tokenLifetimeSeconds: 86_400,
} as const;
