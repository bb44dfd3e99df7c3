// What "Needs attention" reads from the store (`store.followUps`): the facts of the quotes that
// may need the salesperson — about to expire, sent long ago, changes requested, a sync error
// or a conflict — found by SQL over list columns and the sync state (never by parsing
// documents), and the marks kept per quote and reason: snoozed until, told about at. The rules
// that decide what is due are main/services/follow-up-rules.ts; nothing here goes to the server.
import type { QuoteStatus } from '../../../common/api';
import type { StoreKernel } from '../kernel';
import { accountFilters } from '../list/list';
import type { Identity, SyncState } from '../types';

/** A quote as the follow-up rules see it. */
export interface FollowUpFacts {
  quoteId: string;
  clientName: string;
  referenceCode: string;
  status: QuoteStatus;
  /** Null for a quote known only by its list entry. */
  expiresOn: string | null;
  publishedOn: string | null;
  syncState: SyncState;
  syncMessage: string | null;
  openConflicts: number;
  stub: boolean;
}

export interface FollowUpMark {
  quoteId: string;
  reason: string;
  snoozedUntil: string | null;
  notifiedAt: string | null;
}

export interface FollowUpKey {
  quoteId: string;
  reason: string;
}

/** Statuses in which a quote's expiry still matters: it may still be sent or answered. */
export const OPEN_STATUSES: readonly QuoteStatus[] = [
  'draft',
  'assigned',
  'sent',
  'changes_requested',
  'pending',
];

interface FactsRow {
  id: string;
  client_name: string;
  reference_code: string;
  status: QuoteStatus;
  expires_on: string | null;
  published_on: string | null;
  state: SyncState;
  last_error: string | null;
  open_conflicts: number;
  stub: number;
}

export class FollowUpTable {
  private s;

  constructor(
    private readonly k: StoreKernel,
    private readonly identity: () => Identity | null,
  ) {
    const db = k.db;
    this.s = {
      marks: db.prepare<[], FollowUpMark>(
        `SELECT q.id AS quoteId, m.reason, m.snoozed_until AS snoozedUntil, m.notified_at AS notifiedAt
         FROM follow_up_marks m JOIN quotes q ON q.qrow = m.qrow`,
      ),
      snooze: db.prepare<[number, string, string]>(
        `INSERT INTO follow_up_marks (qrow, reason, snoozed_until) VALUES (?, ?, ?)
         ON CONFLICT(qrow, reason) DO UPDATE SET snoozed_until = excluded.snoozed_until`,
      ),
      notified: db.prepare<[number, string, string]>(
        `INSERT INTO follow_up_marks (qrow, reason, notified_at) VALUES (?, ?, ?)
         ON CONFLICT(qrow, reason) DO UPDATE SET notified_at = excluded.notified_at`,
      ),
      remove: db.prepare<[number, string]>(
        'DELETE FROM follow_up_marks WHERE qrow = ? AND reason = ?',
      ),
      keys: db.prepare<
        [],
        { qrow: number; id: string; reason: string; snoozed_until: string | null }
      >(
        'SELECT m.qrow, q.id, m.reason, m.snoozed_until FROM follow_up_marks m JOIN quotes q ON q.qrow = m.qrow',
      ),
    };
  }

  /**
   * The salesperson's own quotes (created or owned; all of them while the store does not know
   * who signed in) that may need attention: open and expiring by `expiringBefore`, sent by
   * `sentBefore` and not answered, changes requested, or with a sync error or conflict. Each
   * arm of the union is found by an index.
   */
  candidates(at: { expiringBefore: string; sentBefore: string }): FollowUpFacts[] {
    this.k.open();
    const { filters, params } = accountFilters({ account: 'user' }, this.identity());
    const mine = filters.map((f) => f.replaceAll('T.', 'q.')).join(' AND ') || '1';
    const open = OPEN_STATUSES.map((s) => `'${s}'`).join(', ');
    const rows = this.k.db
      .prepare<Record<string, unknown>, FactsRow>(
        `WITH due(qrow) AS (
           SELECT qrow FROM quotes WHERE expires_on IS NOT NULL AND expires_on <= @expiringBefore AND status IN (${open})
           UNION SELECT qrow FROM quotes WHERE status = 'sent' AND published_on <= @sentBefore
           UNION SELECT qrow FROM quotes WHERE status = 'changes_requested'
           UNION SELECT qrow FROM quote_sync WHERE state IN ('error', 'conflict')
           UNION SELECT qrow FROM quotes WHERE open_conflicts > 0)
         SELECT q.id, q.client_name, q.reference_code, q.status, q.expires_on, q.published_on,
           y.state, y.last_error, q.open_conflicts,
           EXISTS (SELECT 1 FROM quote_stubs s WHERE s.qrow = q.qrow) AS stub
         FROM due JOIN quotes q ON q.qrow = due.qrow JOIN quote_sync y ON y.qrow = q.qrow
         WHERE q.deleted = 0 AND ${mine}`,
      )
      .all({ ...params, ...at });
    return rows.map((r) => ({
      quoteId: r.id,
      clientName: r.client_name,
      referenceCode: r.reference_code,
      status: r.status,
      expiresOn: r.expires_on,
      publishedOn: r.published_on,
      syncState: r.state,
      syncMessage: r.last_error,
      openConflicts: r.open_conflicts,
      stub: r.stub === 1,
    }));
  }

  marks(): FollowUpMark[] {
    this.k.open();
    return this.s.marks.all();
  }

  /** Hides these reminders of a quote until `until`. */
  snooze(quoteId: string, reasons: readonly string[], until: string): void {
    this.k.open();
    const { qrow } = this.k.row(quoteId);
    this.k.transaction(() => {
      for (const r of reasons) this.s.snooze.run(qrow, r, until);
    });
  }

  /** Records that the user was told about these reminders (a notification or a notice). */
  markNotified(keys: readonly FollowUpKey[], at: string): void {
    this.k.open();
    this.k.transaction(() => {
      for (const key of keys) {
        const r = this.k.repo.byId(key.quoteId);
        if (r) this.s.notified.run(r.qrow, key.reason, at);
      }
    });
  }

  /**
   * Forgets the marks of reminders no longer due whose snooze is over (or never was): should
   * the quote need attention again, that is a new reminder, told about anew.
   */
  prune(due: readonly FollowUpKey[], now: string): void {
    this.k.open();
    const keep = new Set(due.map((d) => `${d.quoteId}\u0000${d.reason}`));
    this.k.transaction(() => {
      for (const m of this.s.keys.all()) {
        if (keep.has(`${m.id}\u0000${m.reason}`)) continue;
        if (m.snoozed_until && m.snoozed_until > now) continue;
        this.s.remove.run(m.qrow, m.reason);
      }
    });
  }
}
