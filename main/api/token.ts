// Access tokens: fetched with client credentials, reused until shortly before they expire,
// one request shared by every call that needs a token at the same time.

export interface StoredToken {
  accessToken: string;
  /** ISO 8601. */
  expiresAt: string;
}

/** Where a token survives restarts (the vault keeps it in the keychain). */
export interface TokenCache {
  load(): Promise<StoredToken | undefined>;
  save(token: StoredToken): Promise<void>;
  clear(): Promise<void>;
}

export interface TokenManagerOptions {
  fetchToken: () => Promise<StoredToken>;
  cache?: TokenCache;
  /** A token this close to its expiry is replaced before use. */
  refreshMarginMs?: number;
  now?: () => number;
}

export const DEFAULT_REFRESH_MARGIN_MS = 5 * 60_000;

/** expires_at from the server, bounded by expires_in so a skewed clock cannot stretch it. */
export function expiryOf(
  response: { expires_in?: number; expires_at?: string },
  now: number,
): string {
  const byIn =
    typeof response.expires_in === 'number' && response.expires_in > 0
      ? now + response.expires_in * 1000
      : undefined;
  const byAt = response.expires_at ? Date.parse(response.expires_at) : NaN;
  let at: number;
  if (Number.isFinite(byAt) && byAt > now) at = byIn === undefined ? byAt : Math.min(byAt, byIn);
  else at = byIn ?? now;
  return new Date(at).toISOString();
}

export class TokenManager {
  private current: StoredToken | undefined;
  private loaded = false;
  private pending: Promise<StoredToken> | undefined;
  private readonly margin: number;
  private readonly now: () => number;

  constructor(private readonly opts: TokenManagerOptions) {
    this.margin = opts.refreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS;
    this.now = opts.now ?? Date.now;
  }

  private usable(t: StoredToken | undefined): t is StoredToken {
    return !!t && Date.parse(t.expiresAt) - this.margin > this.now();
  }

  /** A valid access token; waits for (or starts) the one shared token request. */
  async get(signal?: AbortSignal): Promise<string> {
    if (this.usable(this.current)) return this.current.accessToken;
    this.pending ??= this.obtain().finally(() => {
      this.pending = undefined;
    });
    const shared = this.pending;
    if (!signal) return (await shared).accessToken;
    // One caller giving up must not cancel the request the others wait for.
    return new Promise<string>((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      shared.then(
        (t) => {
          signal.removeEventListener('abort', onAbort);
          resolve(t.accessToken);
        },
        (e: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(e);
        },
      );
    });
  }

  /** The server refused this token: forget it (unless a newer one replaced it meanwhile). */
  async invalidate(accessToken: string): Promise<void> {
    if (this.current?.accessToken !== accessToken) return;
    this.current = undefined;
    await this.opts.cache?.clear().catch(() => undefined);
  }

  private async obtain(): Promise<StoredToken> {
    if (!this.loaded) {
      this.loaded = true;
      const cached = await this.opts.cache?.load().catch(() => undefined);
      if (this.usable(cached)) {
        this.current = cached;
        return cached;
      }
    }
    const fresh = await this.opts.fetchToken();
    this.current = fresh;
    // A cache that cannot store (no keychain) costs a token request next start, nothing more.
    await this.opts.cache?.save(fresh).catch(() => undefined);
    return fresh;
  }
}
