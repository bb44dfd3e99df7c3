/** Where a line's money counts: once, every billing period, or not at all. */
export type MoneyKind = 'initial' | 'recurring' | 'none';

const INITIAL_TERMS: ReadonlySet<string> = new Set(['One-Time', 'Activation']);

/**
 * `One-Time` and `Activation` count in the initial totals; `Trial` counts nowhere; every other
 * term (Monthly, Annual, 1 Year, 2 Year, 3 Year, and the catalogue's 2-Year/3-Year spellings)
 * is recurring.
 */
export function moneyKind(billingTerm: string): MoneyKind {
  if (INITIAL_TERMS.has(billingTerm)) return 'initial';
  if (billingTerm === 'Trial') return 'none';
  return 'recurring';
}
