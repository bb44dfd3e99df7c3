// What an option adds, in words: one-time and per billing period, never summed across them.
import type { OptionView } from '../../common/ipc';
import { formatMinor } from '../format';
import { PERIOD_LABEL } from '../format/periods';

export function priceText(o: OptionView, currency: string): string {
  const parts = o.recurring.map(
    (r) => `${formatMinor(r.cents, currency)} ${PERIOD_LABEL[r.period]}`,
  );
  if (o.initialCents !== 0 || parts.length === 0)
    parts.unshift(`${formatMinor(o.initialCents, currency)} one-time`);
  return parts.join(' + ');
}
