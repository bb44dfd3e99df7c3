import type { CatalogueProduct, CommitmentTerm, ProductPricing } from '../../../common/api';
import type { OptionsAccess } from '../quote-options';
import type { Identity, LibraryAttachment, Preferences } from '../types';

/** What edits may look up or produce besides the working copy itself. */
export interface EditContext {
  now: string;
  newId(): string;
  identity(): Identity | null;
  preferences(): Preferences;
  product(id: string): CatalogueProduct | null;
  pricing(productId: string): ProductPricing[];
  commitmentTerm(id: string): CommitmentTerm | null;
  libraryAttachment(id: string): LibraryAttachment | null;
  /** Stores a file content-addressed and returns its address. */
  putBlob(bytes: Uint8Array): { sha256: string; size: number };
  /** The quotes' options and alternatives, kept on this computer (a choice updates them). */
  options: OptionsAccess;
}
