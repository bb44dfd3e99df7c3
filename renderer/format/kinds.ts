import type { LineItemKind } from '../../common/api/enums';

/** How a line item's kind reads in the editor (one entry per kind: a new kind needs its words). */
export const KIND_LABEL: Record<LineItemKind, string> = {
  Standard: 'Standard',
  Custom: 'Custom',
  UsageBased: 'Usage-based',
};
