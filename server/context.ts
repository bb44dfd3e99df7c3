import type { Statement } from 'better-sqlite3-multiple-ciphers';
import type { Db } from './db';
import type { FileStore } from './files/store';

export interface PartnerRow {
  id: string;
  name: string;
  street: string;
  street2: string | null;
  city: string;
  postcode: string;
  state_code: string;
  country: string | null;
  parent_id: string | null;
  parent_name: string | null;
  currency: string;
  next_quote_seq: number;
}

export interface UserRow {
  id: string;
  partner_id: string;
  full_name: string;
  display_name: string;
  email: string;
  role: string;
}

/** Who is calling: one user of one partner (docs/architecture.md#tenancy). */
export interface Caller {
  clientId: string;
  user: UserRow;
  partner: PartnerRow;
}

/** Everything a handler needs; one per running server. */
export class Ctx {
  private readonly statements = new Map<string, Statement>();
  /** Set once the server listens (port 0 picks the port). */
  baseUrl = '';
  private lastStamp = 0;
  /** Bumped by every change that stamps a quote; cached list counts are valid for one version. */
  version = 0;

  constructor(
    readonly db: Db,
    readonly dataDir: string,
    readonly files: FileStore,
    readonly signingKey: Uint8Array,
  ) {}

  /** A prepared statement, prepared once per distinct SQL text. */
  sql<R = unknown>(text: string): Statement<unknown[], R> {
    let s = this.statements.get(text);
    if (!s) {
      s = this.db.prepare(text);
      this.statements.set(text, s);
    }
    return s as Statement<unknown[], R>;
  }

  /**
   * Now as an ISO timestamp, strictly later than any stamp handed out before: two changes in
   * the same millisecond still give a quote a new `updatedOn`, which the sync engine pulls by.
   */
  stamp(): string {
    const now = Math.max(Date.now(), this.lastStamp + 1);
    this.lastStamp = now;
    this.version++;
    return new Date(now).toISOString();
  }

  /** Audiences that are this API's own address (either host name of the certificate). */
  isOwnAudience(audience: string): boolean {
    if (!this.baseUrl) return false;
    const a = audience.replace(/\/+$/, '');
    const port = new URL(this.baseUrl).port;
    return (
      a === this.baseUrl || a === `https://localhost:${port}` || a === `https://127.0.0.1:${port}`
    );
  }
}
