// Options and alternatives: the salesperson's marks (kept in this profile's store, never
// sent), and their view with each option's prices for the editor and present mode. The
// client's choices are edits of the registry (choices.tick / choices.pick).
import type { OptionsView } from '../../common/ipc';
import type { KitItem } from '../../common/kits';
import {
  lineMoneyInput,
  lineTotalsCents,
  recurringByPeriodCents,
  RECURRING_PERIODS,
} from '../../common/money';
import type { LineMoneyInput } from '../../common/money';
import type { QuoteOptions } from '../../common/quote-options';
import {
  combinationProblem,
  groupSections,
  isChosen,
  markLine,
  markSection,
  unmark,
} from '../store';
import type { WorkQuote } from '../store';
import type { ServiceContext } from './context';
import { assertNotLocked } from './accepted-lock';
import { ServiceError } from './errors';
import type { Group } from './group';

function kitMoney(item: KitItem): LineMoneyInput {
  return {
    kind: item.type,
    billingTerm: item.billingTerm,
    price: item.price,
    unitCost: 0,
    quantity: item.quantity,
    ...(item.type === 'Custom' ? { initialTotal: item.initialTotal } : {}),
  };
}

function priced(
  lines: LineMoneyInput[],
): Pick<OptionsView['options'][number], 'initialCents' | 'recurring'> {
  const byPeriod = recurringByPeriodCents(lines);
  return {
    initialCents: lines.reduce((sum, l) => sum + lineTotalsCents(l).initialTotal, 0),
    recurring: RECURRING_PERIODS.flatMap((period) => {
      const cents = byPeriod[period];
      return cents === undefined ? [] : [{ period, cents }];
    }),
  };
}

/** The options of a quote with what each adds (its lines as they are now, or as kept). */
export function optionsView(w: WorkQuote, doc: QuoteOptions): OptionsView {
  return {
    options: doc.options.map((o) => {
      const chosen = isChosen(w, o);
      const ids = new Set(o.lineItemIds);
      const lines = chosen
        ? w.lineItems.filter((li) => ids.has(li.id)).map(lineMoneyInput)
        : o.kit.items.map(kitMoney);
      return {
        id: o.id,
        label: o.label,
        kind: o.kind,
        groupId: o.groupId,
        chosen,
        lineCount: lines.length,
        lineItemIds: chosen ? o.lineItemIds : [],
        ...priced(lines),
      };
    }),
    groups: doc.groups,
    problem: combinationProblem(w, doc),
  };
}

export function quoteOptionsView(ctx: ServiceContext, quoteId: string): OptionsView {
  const store = ctx.store();
  return optionsView(store.getWork(quoteId), store.quoteOptions.get(quoteId));
}

export function optionHandlers(ctx: ServiceContext): Group<'options'> {
  const change = (
    quoteId: string,
    fn: Parameters<ReturnType<ServiceContext['store']>['changeOptions']>[1],
  ): OptionsView => {
    assertNotLocked(ctx, quoteId);
    ctx.store().changeOptions(quoteId, fn);
    return quoteOptionsView(ctx, quoteId);
  };
  return {
    'options.view': ({ quoteId }) => quoteOptionsView(ctx, quoteId),
    'options.markLine': ({ quoteId, lineItemId }) =>
      change(quoteId, (w, doc, c) => ({ doc: markLine(w, doc, lineItemId, c) })),
    'options.markSection': ({ quoteId, sectionId }) =>
      change(quoteId, (w, doc, c) => ({ doc: markSection(w, doc, sectionId, c) })),
    'options.group': ({ quoteId, name, sectionIds, chosenSectionId }) => {
      assertNotLocked(ctx, quoteId);
      const at = sectionIds.indexOf(chosenSectionId);
      if (at < 0) {
        throw new ServiceError('VALIDATION', 'chosenSectionId: must be one of sectionIds', {
          field: 'chosenSectionId',
        });
      }
      const made = ctx
        .store()
        .changeOptions(quoteId, (w, doc, c) => groupSections(w, doc, name, sectionIds, c));
      // The default choice is an edit of the quote: the other sections leave it, one undo step.
      ctx.store().applyEdit('choices.pick', {
        quoteId,
        groupId: made.groupId,
        optionId: made.optionIds[at]!,
      });
      return quoteOptionsView(ctx, quoteId);
    },
    'options.unmark': ({ quoteId, id }) =>
      change(quoteId, (w, doc) => ({ doc: unmark(w, doc, id) })),
  };
}
