import { describe, expect, it } from 'vitest';
import { amountText, parseAmount, parseQuantity, priceText } from '../../renderer/format/numbers';

describe('what people type into number fields', () => {
  it('accepts whole quantities and refuses the rest with a message naming the field', () => {
    expect(parseQuantity(' 12 ')).toEqual({ ok: true, value: 12 });
    expect(parseQuantity('0')).toEqual({ ok: false, error: 'Quantity must be at least 1' });
    expect(parseQuantity('1.5')).toEqual({ ok: false, error: 'Quantity must be a whole number' });
    expect(parseQuantity('')).toEqual({ ok: false, error: 'Quantity is required' });
  });

  it('reads a decimal point or a decimal comma, up to 4 places', () => {
    expect(parseAmount('23.125')).toEqual({ ok: true, value: 23.125 });
    expect(parseAmount('23,125')).toEqual({ ok: true, value: 23.125 });
    expect(parseAmount('0.0123', 'Cost')).toEqual({ ok: true, value: 0.0123 });
    expect(parseAmount('1.23456')).toEqual({
      ok: false,
      error: 'Price may have at most 4 decimal places',
    });
    expect(parseAmount('abc', 'Cost')).toEqual({ ok: false, error: 'Cost must be a number' });
    expect(parseAmount('-3')).toEqual({ ok: false, error: 'Price cannot be negative' });
  });

  it('reads grouped thousands where the group mark cannot be a decimal mark', () => {
    expect(parseAmount('1,234.50')).toEqual({ ok: true, value: 1234.5 });
    expect(parseAmount('1.234,50')).toEqual({ ok: true, value: 1234.5 });
    expect(parseAmount('1,234,567')).toEqual({ ok: true, value: 1234567 });
    expect(parseAmount('12,34.5')).toEqual({ ok: false, error: 'Price must be a number' });
  });

  it('writes amounts back the way they can be typed again', () => {
    expect(amountText(23.125)).toBe('23.125');
    expect(amountText(0.1 + 0.2)).toBe('0.30');
    expect(amountText(26.4)).toBe('26.40');
    expect(amountText(3)).toBe('3.00');
  });

  it('offers a suggested price in whole cents', () => {
    expect(priceText(2.7 / (1 - 0.3))).toBe('3.86');
    expect(priceText(3.5)).toBe('3.50');
  });
});
