import { randomUUID } from 'node:crypto';
import {
  LIMITS,
  type PreferencesPayload,
  type PreferencesResponse,
  type QuotePreferencesResult,
} from '../../common/api';
import type { Caller, Ctx } from '../context';
import { refused } from './errors';
import { attachmentResponse, attachmentsOf } from './attachment-view';
import type { AttachmentRow } from './rows';

/** What a partner gets before its first PUT (docs/architecture.md#preferences-defaults). */
const DEFAULTS: QuotePreferencesResult = {
  daysToExpire: 30,
  introMessage: '',
  salesMarginPercentage: 0,
  termsAndDisclaimers: '',
};

interface PrefRow {
  days_to_expire: number;
  intro_message: string;
  terms: string;
  margin: number;
}

export function preferencesOf(ctx: Ctx, partnerId: string): QuotePreferencesResult {
  const row = ctx.sql<PrefRow>('SELECT * FROM preferences WHERE partner_id = ?').get(partnerId);
  if (!row) return { ...DEFAULTS };
  return {
    daysToExpire: row.days_to_expire,
    introMessage: row.intro_message,
    salesMarginPercentage: row.margin,
    termsAndDisclaimers: row.terms,
  };
}

export function preferencesResponse(ctx: Ctx, partnerId: string): PreferencesResponse {
  return {
    ...preferencesOf(ctx, partnerId),
    attachments: attachmentsOf(ctx, partnerId, 'preference').map((a) => attachmentResponse(ctx, a)),
  };
}

/** Creates or replaces the preferences; `created` tells the first PUT (201) from later ones. */
export function putPreferences(
  ctx: Ctx,
  partnerId: string,
  p: PreferencesPayload,
): { created: boolean; result: QuotePreferencesResult } {
  return ctx.db.transaction(() => {
    const before = ctx.sql('SELECT 1 FROM preferences WHERE partner_id = ?').get(partnerId);
    const margin =
      p.salesMarginPercentage ?? (before ? preferencesOf(ctx, partnerId).salesMarginPercentage : 0);
    ctx
      .sql(
        `INSERT INTO preferences (partner_id, days_to_expire, intro_message, terms, margin) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(partner_id) DO UPDATE SET days_to_expire = excluded.days_to_expire,
           intro_message = excluded.intro_message, terms = excluded.terms, margin = excluded.margin`,
      )
      .run(partnerId, p.daysToExpire, p.introMessage, p.termsAndDisclaimers, margin);
    return { created: !before, result: preferencesOf(ctx, partnerId) };
  })();
}

export function addPreferenceAttachments(ctx: Ctx, caller: Caller, libraryIds: string[]) {
  return ctx.db.transaction(() => {
    const partnerId = caller.partner.id;
    const current = attachmentsOf(ctx, partnerId, 'preference');
    const sources = new Set(current.map((a) => a.source_id));
    const picked: AttachmentRow[] = [];
    libraryIds.forEach((id, i) => {
      const lib = ctx
        .sql<AttachmentRow>(
          "SELECT * FROM attachments WHERE id = ? AND partner_id = ? AND scope = 'library'",
        )
        .get(id, partnerId);
      if (!lib) {
        throw refused(
          'LIBRARY_ATTACHMENT_NOT_FOUND',
          `attachments[${i}]: no library attachment with id ${id}`,
        );
      }
      if (sources.has(lib.id)) {
        throw refused(
          'DUPLICATE_PREFERENCE_ATTACHMENT',
          `attachments[${i}]: ${lib.name} is already in the preferences`,
        );
      }
      sources.add(lib.id);
      picked.push(lib);
    });
    if (current.length + picked.length > LIMITS.preferenceAttachments) {
      throw refused(
        'PREFERENCE_MAX_ATTACHMENTS_EXCEEDED',
        `attachments: preferences hold at most ${LIMITS.preferenceAttachments} attachments (have ${current.length})`,
      );
    }
    const now = ctx.stamp();
    const insert = ctx.sql(
      `INSERT INTO attachments (id, partner_id, scope, quote_id, name, ord, sha256, size, source_id, created_on, created_by)
       VALUES (?, ?, 'preference', NULL, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const ids = picked.map((lib, i) => {
      const id = randomUUID();
      insert.run(
        id,
        partnerId,
        lib.name,
        current.length + i,
        lib.sha256,
        lib.size,
        lib.id,
        now,
        caller.user.id,
      );
      return id;
    });
    return ids.map((id) =>
      attachmentResponse(
        ctx,
        ctx.sql<AttachmentRow>('SELECT * FROM attachments WHERE id = ?').get(id)!,
      ),
    );
  })();
}

export function deletePreferenceAttachment(ctx: Ctx, caller: Caller, id: string): void {
  ctx.db.transaction(() => {
    const row = ctx
      .sql<AttachmentRow>(
        "SELECT * FROM attachments WHERE partner_id = ? AND scope = 'preference' AND (id = ? OR source_id = ?)",
      )
      .get(caller.partner.id, id, id);
    if (!row) {
      throw refused(
        'PREFERENCE_ATTACHMENT_NOT_FOUND',
        `attachmentId: no preference attachment with id ${id}`,
      );
    }
    ctx.sql('DELETE FROM attachments WHERE id = ?').run(row.id);
    renumber(ctx, caller.partner.id, 'preference', null);
  })();
}

/** Keeps `order` 0…n−1 after a removal. */
export function renumber(
  ctx: Ctx,
  partnerId: string,
  scope: AttachmentRow['scope'],
  quoteId: string | null,
): void {
  const set = ctx.sql('UPDATE attachments SET ord = ? WHERE id = ?');
  attachmentsOf(ctx, partnerId, scope, quoteId).forEach((a, i) => {
    if (a.ord !== i) set.run(i, a.id);
  });
}
