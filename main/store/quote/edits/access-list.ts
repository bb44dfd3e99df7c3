import { LIMITS } from '../../../../common/api';
import { StoreValidationError, fieldError, refuse } from '../../errors';
import type { AccessEntryInput, FieldError, WorkQuote } from '../../types';
import { assertAccessListOpen, repairText } from '../validate';
import type { EditContext } from './context';

/**
 * Shares the quote with recipients: at most 25, each e-mail (and user) once. The entries'
 * fields were checked where they entered (the IPC schema is the API's entry).
 */
export function addAccessEntries(
  w: WorkQuote,
  entries: AccessEntryInput[],
  ctx: EditContext,
): string[] {
  assertAccessListOpen(w);
  const given = repairText(entries);
  if (w.accessList.length + given.length > LIMITS.accessList) {
    refuse(
      'accessList',
      `a quote is shared with at most ${LIMITS.accessList} recipients (it has ${w.accessList.length})`,
      'ACCESS_LIST_LIMIT_EXCEEDED',
    );
  }
  const emails = new Set(w.accessList.map((e) => e.email.toLowerCase()));
  const users = new Set(w.accessList.flatMap((e) => (e.userId ? [e.userId] : [])));
  const errors: FieldError[] = [];
  given.forEach((e, i) => {
    const email = e.email.toLowerCase();
    if (emails.has(email)) {
      errors.push(
        fieldError(
          `accessList[${i}].email`,
          `${e.email} already has access`,
          'QUOTE_ACCESS_EMAIL_EXISTS',
        ),
      );
    }
    if (e.userId && users.has(e.userId)) {
      errors.push(
        fieldError(
          `accessList[${i}].userId`,
          'this user already has access',
          'QUOTE_ACCESS_USERID_EXISTS',
        ),
      );
    }
    emails.add(email);
    if (e.userId) users.add(e.userId);
  });
  if (errors.length) throw new StoreValidationError(errors);
  const ids: string[] = [];
  for (const e of given) {
    const id = ctx.newId();
    ids.push(id);
    w.accessList.push({
      id,
      email: e.email,
      accountType: e.accountType ?? 'guest',
      link: '',
      accountName: e.accountName ?? null,
      accountRole: e.accountRole ?? null,
      userId: e.userId ?? null,
    });
  }
  return ids;
}

export function removeAccessEntry(w: WorkQuote, entryId: string): void {
  assertAccessListOpen(w);
  if (!w.accessList.some((e) => e.id === entryId)) {
    refuse(
      'accessListEntryId',
      'is not on this quote’s access list',
      'QUOTE_ACCESS_ENTRY_NOT_FOUND',
    );
  }
  w.accessList = w.accessList.filter((e) => e.id !== entryId);
}
