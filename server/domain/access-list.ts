import { randomUUID } from 'node:crypto';
import {
  ACCESS_LIST_FROZEN_STATUSES,
  LIMITS,
  type AccessListEntry,
  type AddAccessListEntryPayload,
} from '../../common/api';
import type { Caller, Ctx, UserRow } from '../context';
import { refused } from './errors';
import type { QuoteRow } from './rows';

interface EntryRow {
  id: string;
  quote_id: string;
  email: string;
  account_type: AccessListEntry['accountType'];
  account_name: string | null;
  account_role: string | null;
  user_id: string | null;
}

function entryResponse(ctx: Ctx, r: EntryRow): AccessListEntry {
  return {
    id: r.id,
    email: r.email,
    accountType: r.account_type,
    link: `${ctx.baseUrl}/quotes/${r.quote_id}/view?recipient=${r.id}`,
    ...(r.account_name !== null ? { accountName: r.account_name } : {}),
    ...(r.account_role !== null ? { accountRole: r.account_role } : {}),
    ...(r.user_id !== null ? { userId: r.user_id } : {}),
  };
}

function entries(ctx: Ctx, quoteId: string): EntryRow[] {
  return ctx
    .sql<EntryRow>('SELECT * FROM access_list WHERE quote_id = ? ORDER BY created_on, rowid')
    .all(quoteId);
}

export function accessList(ctx: Ctx, quoteId: string): AccessListEntry[] {
  return entries(ctx, quoteId).map((e) => entryResponse(ctx, e));
}

export function requireAccessListOpen(row: QuoteRow): void {
  if (ACCESS_LIST_FROZEN_STATUSES.includes(row.status)) {
    throw refused(
      'QUOTE_INVALID_STATUS',
      `status: the access list of a ${row.status} quote cannot change`,
    );
  }
}

export function addAccessListEntries(
  ctx: Ctx,
  caller: Caller,
  quote: QuoteRow,
  payload: AddAccessListEntryPayload[],
): AccessListEntry[] {
  return ctx.db.transaction(() => {
    const current = entries(ctx, quote.id);
    if (current.length + payload.length > LIMITS.accessList) {
      throw refused(
        'ACCESS_LIST_LIMIT_EXCEEDED',
        `accessList: a quote is shared with at most ${LIMITS.accessList} recipients (has ${current.length}, adding ${payload.length})`,
      );
    }
    const emails = new Set(current.map((e) => e.email.toLowerCase()));
    const userIds = new Set(current.map((e) => e.user_id).filter((u): u is string => u !== null));
    const users = ctx
      .sql<UserRow>('SELECT * FROM users WHERE partner_id = ?')
      .all(caller.partner.id);
    const now = ctx.stamp();
    const insert = ctx.sql(
      `INSERT INTO access_list (id, quote_id, email, account_type, account_name, account_role, user_id, created_on)
       VALUES (@id, @quote_id, @email, @account_type, @account_name, @account_role, @user_id, @created_on)`,
    );
    const rows = payload.map((p, i) => {
      const email = p.email.trim();
      if (emails.has(email.toLowerCase())) {
        throw refused(
          'QUOTE_ACCESS_EMAIL_EXISTS',
          `[${i}].email: ${email} is already on the access list`,
        );
      }
      emails.add(email.toLowerCase());
      const user = users.find((u) => u.email.toLowerCase() === email.toLowerCase());
      const userId = p.userId ?? user?.id ?? null;
      if (userId !== null) {
        if (userIds.has(userId)) {
          throw refused(
            'QUOTE_ACCESS_USERID_EXISTS',
            `[${i}].userId: user ${userId} is already on the access list`,
          );
        }
        userIds.add(userId);
      }
      const row: EntryRow & { created_on: string } = {
        id: randomUUID(),
        quote_id: quote.id,
        email,
        account_type: p.accountType ?? (user ? 'user' : 'guest'),
        account_name: p.accountName ?? (user ? user.full_name : null),
        account_role: p.accountRole ?? (user ? user.role : null),
        user_id: userId,
        created_on: now,
      };
      return row;
    });
    for (const r of rows) insert.run(r);
    ctx.sql('UPDATE quotes SET updated_on = ? WHERE id = ?').run(ctx.stamp(), quote.id);
    return rows.map((r) => entryResponse(ctx, r));
  })();
}

export function deleteAccessListEntry(ctx: Ctx, quote: QuoteRow, entryId: string): void {
  const r = ctx.sql('DELETE FROM access_list WHERE id = ? AND quote_id = ?').run(entryId, quote.id);
  if (r.changes === 0) {
    throw refused(
      'QUOTE_ACCESS_ENTRY_NOT_FOUND',
      `accessListEntryId: no access-list entry ${entryId} on this quote`,
    );
  }
  ctx.sql('UPDATE quotes SET updated_on = ? WHERE id = ?').run(ctx.stamp(), quote.id);
}
