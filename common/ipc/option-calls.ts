// Options and alternatives (spread into calls.ts): what the salesperson marks in the editor,
// kept on this computer only. The client's choices themselves are edits of the quote
// (choices.tick / choices.pick in edit-calls.ts). The view carries prices only: no cost,
// profit or margin, so present mode can show it as it is.
import { z } from 'zod';
import { AlternativesGroup } from '../quote-options';
import { RECURRING_PERIODS } from '../money/periods';
import { call, quote } from './call';
import { Id } from './shapes';

export const OptionView = z.object({
  id: Id,
  label: z.string(),
  kind: z.enum(['line', 'section']),
  groupId: Id.nullable(),
  chosen: z.boolean(),
  lineCount: z.number().int(),
  /** Its lines' ids while they are in the quote (empty when not chosen). */
  lineItemIds: z.array(Id),
  /** What it adds, one-time and per billing period (never summed across periods). */
  initialCents: z.number().int(),
  recurring: z.array(z.object({ period: z.enum(RECURRING_PERIODS), cents: z.number().int() })),
});
export type OptionView = z.infer<typeof OptionView>;

export const OptionsView = z.object({
  options: z.array(OptionView),
  groups: z.array(AlternativesGroup),
  /** The combination of choices that would not fit in a quote, in words; null when all fit. */
  problem: z.string().nullable(),
});
export type OptionsView = z.infer<typeof OptionsView>;

export const optionCalls = {
  'options.view': call(z.object(quote), OptionsView),
  /** Marks a line (with its add-ons) optional: refused when a combination would not fit. */
  'options.markLine': call(z.object({ ...quote, lineItemId: Id }), OptionsView),
  'options.markSection': call(z.object({ ...quote, sectionId: Id }), OptionsView),
  /** Groups sections as alternatives, `chosenSectionId` chosen: the others leave the quote
   * in one undoable step. */
  'options.group': call(
    z.object({
      ...quote,
      name: AlternativesGroup.shape.name,
      sectionIds: z.array(Id).min(2, 'needs at least two sections'),
      chosenSectionId: Id,
    }),
    OptionsView,
  ),
  /** Makes an option an ordinary part of the quote again, or undoes a group (its chosen
   * section stays; the others are dropped). */
  'options.unmark': call(z.object({ ...quote, id: Id }), OptionsView),
} as const;
