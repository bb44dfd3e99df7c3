import { describe, expect, it } from 'vitest';
import {
  dateInputToIso,
  formatMinor,
  formatMoney,
  formatPercent,
  formatUnit,
  isoToDateInput,
} from '../../renderer/format';

describe('Intl formatting for the user’s locale', () => {
  it('formats money in the quote’s currency per locale', () => {
    expect(formatMoney(1234.5, 'USD', 'en-US')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'EUR', 'de-DE')).toBe('1.234,50\u00a0€');
    expect(formatMinor(66813, 'USD', 'en-US')).toBe('$668.13');
    expect(formatUnit(0.0123, 'USD', 'en-US')).toBe('$0.0123');
  });

  it('formats margins as percentages and shows a dash when there is no total', () => {
    expect(formatPercent(19.96, 'en-US')).toBe('19.96%');
    expect(formatPercent(undefined, 'en-US')).toBe('—');
  });

  it('round-trips the expiry date through a date input at the end of the day where the user is', () => {
    // The tests run in UTC.
    expect(isoToDateInput('2026-12-22T23:59:59.000Z')).toBe('2026-12-22');
    expect(dateInputToIso('2026-12-22')).toBe('2026-12-22T23:59:59.999Z');
    expect(dateInputToIso('22/12/2026')).toBeNull();
    expect(dateInputToIso('2026-02-30')).toBeNull();
  });
});
