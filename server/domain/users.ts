import type { Ctx, PartnerRow, UserRow } from '../context';

export function userById(ctx: Ctx, id: string): UserRow | undefined {
  return ctx.sql<UserRow>('SELECT * FROM users WHERE id = ?').get(id);
}

export function partnerById(ctx: Ctx, id: string): PartnerRow | undefined {
  return ctx.sql<PartnerRow>('SELECT * FROM partners WHERE id = ?').get(id);
}
