import type { CatalogueProduct, CommitmentTerm, ProductPricing } from '../../../../common/api';
import type { OptionsAccess } from '../../local/quote-options';
import type { KitContent } from '../../../../common/kits';
import type { Identity, LibraryAttachment, Preferences, WorkQuote } from '../../types';

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
  /** A kit of this profile's (KitNotFoundError when there is none). */
  kit(id: string): { content: KitContent };
  /** The working copy of a quote's version (StoreError VERSION_NOT_FOUND when there is none). */
  version(quoteId: string, number: number): WorkQuote;
}
