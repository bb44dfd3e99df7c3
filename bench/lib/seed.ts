// Seed files for benches: the demo seed plus many quotes of the Northwind partner, in the
// server's own `--seed` format (thousands of quotes without thousands of HTTP creates).
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { DEMO_SEED } from '../../test/helpers/server';

export const NORTHWIND = '4b87bb87-a5fa-4d62-b4d8-3b4e85fc55fc';
export const CLIENT_IDS = [
  'ed3a65e4-8eda-4ada-b243-2b8c1e9e6165',
  'a7e3fcd1-d46e-4880-a4cf-e9096da5b6cc',
  '89889f41-6823-4ca4-8ac6-59251bf03cdf',
  '211d37df-2716-43a8-822e-7d9f776f7972',
];
/** Product id, billing term and price of the demo catalogue's products the quotes use. */
export const PRODUCTS: Array<[string, string, number]> = [
  ['094347cf-431a-464f-98b9-32ebeb165c8a', 'Monthly', 22],
  ['96bf0824-af0d-4cee-a11b-5def68773339', 'Monthly', 3],
  ['7e7b978f-5b90-426d-938c-7fac49a9a8d9', 'Monthly', 7],
  ['36f888b7-6f2d-4b50-b11d-c6fa24a89d75', 'One-Time', 1899],
];
const STATUSES = ['draft', 'draft', 'draft', 'sent', 'accepted', 'declined', 'closed'];

export interface SeedQuotes {
  count: number;
  /** Who made quote i, given the ids of Northwind's users. */
  createdBy(i: number, users: string[]): string;
  lineItems(i: number): number;
  introMessage?(i: number): string;
  /** Days before now quote i was made (default i % 365) and last changed (default: at seeding). */
  createdDaysAgo?(i: number): number;
  updatedDaysAgo?(i: number): number;
  /** Days from now until quote i expires (default: the partner's preference from its creation). */
  expiresInDays?(i: number): number;
}

/** Writes the seed to `file`; the server ids of the quotes added, in order. */
export function writeSeed(file: string, q: SeedQuotes): string[] {
  const seed = JSON.parse(readFileSync(DEMO_SEED, 'utf8')) as Record<string, unknown>;
  const users = (
    (seed.partners as Array<{ id: string; users: Array<{ id: string }> }>).find(
      (p) => p.id === NORTHWIND,
    )?.users ?? []
  ).map((u) => u.id);
  const ids: string[] = [];
  seed.quotes = Array.from({ length: q.count }, (_, i) => {
    const id = randomUUID();
    ids.push(id);
    return {
      id,
      partnerId: NORTHWIND,
      clientId: CLIENT_IDS[i % CLIENT_IDS.length],
      createdBy: q.createdBy(i, users),
      status: STATUSES[i % STATUSES.length],
      createdDaysAgo: q.createdDaysAgo ? q.createdDaysAgo(i) : i % 365,
      ...(q.updatedDaysAgo ? { updatedDaysAgo: q.updatedDaysAgo(i) } : {}),
      ...(q.expiresInDays ? { expiresInDays: q.expiresInDays(i) } : {}),
      ...(q.introMessage ? { introMessage: q.introMessage(i) } : {}),
      lineItems: Array.from({ length: q.lineItems(i) }, (_, j) => {
        const [productId, billingTerm, price] = PRODUCTS[(i + j) % PRODUCTS.length]!;
        return {
          type: 'Standard',
          productId,
          billingTerm,
          price: price + (i % 7),
          quantity: 1 + ((i * 7 + j) % 40),
        };
      }),
    };
  });
  writeFileSync(file, JSON.stringify(seed));
  return ids;
}
