// The steps before line items are added (the edit itself is the store registry's row), and
// the permutation check the library's reorder shares.
import type { ServiceContext } from './context';
import { ServiceError } from './errors';
import type { EditSteps } from './edit-steps';

function samePermutation(given: string[], existing: string[], field: string): void {
  const a = [...given].sort();
  const b = [...existing].sort();
  if (a.length !== b.length || a.some((v, i) => v !== b[i])) {
    throw new ServiceError(
      'VALIDATION',
      `${field}: must list every one of the quote's entries exactly once.`,
      {
        field,
      },
    );
  }
}

/** Before items are added: the catalogue copy they take their cost from, and their section. */
export function itemSteps(ctx: ServiceContext): Pick<EditSteps, 'lineItems.add'> {
  return {
    'lineItems.add': async ({ quoteId, sectionId }) => {
      // Standard items take their cost from the catalogue copy: let the first one arrive.
      await ctx.catalogueReady();
      if (
        sectionId &&
        !ctx
          .store()
          .getWork(quoteId)
          .sections.some((s) => s.id === sectionId)
      ) {
        throw new ServiceError('NOT_FOUND', 'This section is not on the quote.', {
          field: 'sectionId',
        });
      }
    },
  };
}

export { samePermutation };
