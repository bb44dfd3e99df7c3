// The client's answers given at the desk (`store.desk`, table `desk_responses`): accepted,
// declined or changes requested in present mode, with the client's name, e-mail and words,
// when (an instant) and in which time zone, the version the answer froze (the quote exactly as
// the client saw it), the signed PDF it attached, and how far it got with the server. This
// computer's record: kept whatever the server later says, gone with the quote.
import type { DeskResponseKind, DeskResponseState } from '../../../common/ipc/desk';
import type { StoreKernel } from '../kernel';

export interface DeskResponseRecord {
  /** The version the answer froze. */
  version: number;
  kind: DeskResponseKind;
  name: string;
  email: string;
  /** The client's own words (declined, changes requested); '' when none. */
  reason: string;
  signedAt: string;
  timeZone: string;
  attachmentId: string | null;
  state: DeskResponseState;
  message: string | null;
  /** The version holding the server's copy when sync stopped before sending the answer. */
  serverVersion: number | null;
}

interface Row {
  version: number;
  kind: DeskResponseKind;
  name: string;
  email: string;
  reason: string;
  signed_at: string;
  time_zone: string;
  attachment_id: string | null;
  state: DeskResponseState;
  message: string | null;
  server_version: number | null;
}

export class DeskResponses {
  private s;

  constructor(private readonly k: StoreKernel) {
    const db = k.db;
    this.s = {
      insert: db.prepare(
        `INSERT INTO desk_responses (qrow, version, kind, name, email, reason, signed_at, time_zone,
           attachment_id, state, message, server_version)
         VALUES (@qrow, @version, @kind, @name, @email, @reason, @signedAt, @timeZone,
           @attachmentId, @state, @message, @serverVersion)`,
      ),
      list: db.prepare<[number], Row>(
        'SELECT * FROM desk_responses WHERE qrow = ? ORDER BY version',
      ),
      latest: db.prepare<[number], Row>(
        'SELECT * FROM desk_responses WHERE qrow = ? ORDER BY version DESC LIMIT 1',
      ),
      set: db.prepare(
        `UPDATE desk_responses SET state = @state, message = @message,
           server_version = coalesce(@serverVersion, server_version)
         WHERE qrow = @qrow AND version = @version`,
      ),
    };
  }

  /** Records an answer (inside the transaction that froze its version and attached its PDF). */
  record(quoteId: string, r: DeskResponseRecord): void {
    this.k.transaction(() => {
      this.s.insert.run({ qrow: this.k.row(quoteId).qrow, ...r });
    });
  }

  /** Every answer given for the quote here, oldest first. */
  list(quoteId: string): DeskResponseRecord[] {
    this.k.open();
    const r = this.k.repo.byId(quoteId);
    return r ? this.s.list.all(r.qrow).map(record) : [];
  }

  /** The quote's last answer, or null. */
  latest(quoteId: string): DeskResponseRecord | null {
    this.k.open();
    const r = this.k.repo.byId(quoteId);
    const row = r ? this.s.latest.get(r.qrow) : undefined;
    return row ? record(row) : null;
  }

  /** Where the answer stands now, and why. */
  setState(
    quoteId: string,
    version: number,
    state: DeskResponseState,
    message: string | null,
    serverVersion: number | null = null,
  ): void {
    this.k.transaction(() => {
      const { qrow } = this.k.row(quoteId);
      this.s.set.run({ qrow, version, state, message, serverVersion });
    });
  }
}

function record(r: Row): DeskResponseRecord {
  return {
    version: r.version,
    kind: r.kind,
    name: r.name,
    email: r.email,
    reason: r.reason,
    signedAt: r.signed_at,
    timeZone: r.time_zone,
    attachmentId: r.attachment_id,
    state: r.state,
    message: r.message,
    serverVersion: r.server_version,
  };
}
