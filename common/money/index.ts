// Money and totals (docs/architecture.md#money-and-totals): one implementation for the server and the app, so offline
// totals equal the server's to the cent. All sums happen in integer minor units.
export { moneyKind, type MoneyKind } from './terms';
export {
  UNIT_PLACES,
  TOTAL_FIELDS,
  lineTotals,
  lineTotalsCents,
  customInitialTotal,
  quoteTotals,
  quoteTotalsCents,
  sumTotals,
  centsToTotals,
  totalsToCents,
  type LineMoneyInput,
  type TotalsCents,
  type MoneyTotals,
  type AmountCurrency,
} from './totals';
export { MAX_CENTS, toCents, centsToAmount } from './cents';
export {
  RECURRING_PERIODS,
  recurringPeriod,
  recurringPerPeriod,
  recurringPerPeriodOfLines,
  totalsByPeriod,
  recurringByPeriodCents,
  type RecurringPeriod,
  type RecurringByPeriod,
  type PeriodTotalsCents,
  type TermCents,
} from './periods';
export { suggestedPrice, marginPercent } from './margin';
export { lineMoneyInput, type KeptLineMoney } from './line-input';
export { formatAmount, formatUnitAmount } from './format';
