import { z } from 'zod';
import { LIMITS } from './limits';

/** Any 8-4-4-4-12 hex id: partners' ids need not carry RFC 4122 version bits. */
export const Uuid = z.guid({ error: 'must be a UUID' });
/** ISO 8601 timestamp; an offset or Z is required so no time is ambiguous. */
export const DateTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });

export const Money = z
  .number({ error: 'must be a number' })
  .finite({ error: 'must be a finite number' })
  .min(0, { error: 'must not be negative' })
  .max(LIMITS.moneyMax, { error: `must be at most ${LIMITS.moneyMax}` });

/**
 * A unit price or cost as the app keeps it: Money with at most 4 decimal places (the money
 * code holds units of 1/10000; docs/architecture.md#money-and-totals). The server rounds
 * more decimals; the app refuses them where they enter, so what is shown is what is sent.
 */
export const UnitMoney = Money.refine((n) => Math.abs(Math.round(n * 10_000) - n * 10_000) < 1e-6, {
  message: `must have at most ${LIMITS.moneyDecimals} decimal places`,
});

export const Quantity = z
  .number({ error: 'must be a whole number' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be at least 1' })
  .max(LIMITS.quantityMax, { error: `must be at most ${LIMITS.quantityMax}` });

export const Int32 = z.number().int().min(-2_147_483_648).max(2_147_483_647);
export const NonNegativeInt = z.number({ error: 'must be a whole number' }).int().min(0);

export const Email = z
  .email({ error: 'must be an e-mail address' })
  .max(LIMITS.emailMax, { error: `must be at most ${LIMITS.emailMax} characters` });

export const text = (max: number) =>
  z.string({ error: 'must be a string' }).max(max, { error: `must be at most ${max} characters` });

export const name = (max: number) =>
  z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` });
