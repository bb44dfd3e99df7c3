/** The Quoting API contract: every schema, enum and limit, stated once. */
export * from './enums';
export * from './error-codes';
export * from './limits';
export * from './primitives';
export * from './resources';
export * from './list';
export * from './errors';
export * from './auth';
export * from './catalogue';
export * from './line-item-payloads';
export * from './payloads';
export * from './status-transitions';
export {
  LINE_ITEM_KINDS,
  lineItemKindOf,
  HEADER_TEXT_FIELDS,
  type HeaderTextField,
  unhandled,
} from './kinds';
