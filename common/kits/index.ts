/** Kits: named groups of line items, kept per connection profile, shared as files. */
export {
  KIT_FILE_FORMAT,
  KIT_FILE_MAX_BYTES,
  KIT_FILE_VERSION,
  KitContent,
  KitFile,
  KitItem,
  KitName,
  KitSection,
  kitFileName,
  kitFileText,
  parseKitFile,
  type KitFileProblem,
} from './kit-file';
