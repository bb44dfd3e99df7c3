import type { ServiceContext } from './context';
import { ServiceError } from './errors';
import type { EditCallName } from '../../common/ipc/edit-calls';
import type { Group } from './group';
import { detail } from './quotes';

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

export function itemHandlers(
  ctx: ServiceContext,
): Omit<Group<'lineItems'> & Group<'sections'> & Group<'accessList'>, EditCallName> {
  return {
    'lineItems.add': async ({ quoteId, items, sectionId }) => {
      // Standard items take their cost from the catalogue copy: let the first one arrive.
      await ctx.catalogueReady();
      const store = ctx.store();
      if (sectionId && !store.getWork(quoteId).sections.some((s) => s.id === sectionId)) {
        throw new ServiceError('NOT_FOUND', 'This section is not on the quote.', {
          field: 'sectionId',
        });
      }
      const ids = store.addLineItems(quoteId, items, sectionId);
      return { quote: detail(ctx, quoteId), lineItemIds: ids };
    },
  };
}

export { samePermutation };
