import type { FastifyRequest } from 'fastify';
import { verifyToken, type TokenClaims } from '../auth/tokens';
import type { Caller, Ctx, PartnerRow, UserRow } from '../context';
import { ApiError } from './errors';

const denied = (message: string) => new ApiError(403, 'UNAUTHORIZED_ERROR', message);

/**
 * Verified tokens and the caller they name, so a busy client pays for the HMAC and the user
 * lookups once per token, not on every call. Users, credentials and partners change only when
 * a seed is loaded at start, so the caller stays valid for the token's life. A bounded LRU: a
 * hit moves to the back, a full cache drops the least recently used.
 */
interface Verified {
  claims: TokenClaims;
  expiresAt: number;
  ownAudience?: boolean;
  caller?: Caller;
}
// One cache per server: a token signed by one data directory's key means nothing to another.
const caches = new WeakMap<Ctx, Map<string, Verified>>();
const CACHE_MAX = 10_000;

function remember(verified: Map<string, Verified>, token: string, entry: Verified): void {
  verified.delete(token);
  if (verified.size >= CACHE_MAX) verified.delete(verified.keys().next().value!);
  verified.set(token, entry);
}

/** Resolves the bearer token of a `/v2` or catalogue call to its caller, or refuses with 403. */
export async function authenticate(ctx: Ctx, req: FastifyRequest): Promise<Caller> {
  const header = req.headers.authorization;
  const match =
    typeof header === 'string' ? /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(header) : null;
  if (!match) throw denied('Authorization: a bearer access token is required');
  const token = match[1]!;
  let verified = caches.get(ctx);
  if (!verified) caches.set(ctx, (verified = new Map()));
  let entry = verified.get(token);
  if (!entry) {
    const r = await verifyToken(ctx.signingKey, token);
    if (!r.ok)
      throw denied(
        r.reason === 'expired'
          ? 'Authorization: the access token has expired'
          : 'Authorization: the access token is not valid',
      );
    entry = { claims: r.claims, expiresAt: r.expiresAt };
  }
  remember(verified, token, entry);
  if (entry.expiresAt <= Date.now()) {
    verified.delete(token);
    throw denied('Authorization: the access token has expired');
  }
  const { claims } = entry;
  entry.ownAudience ??= ctx.isOwnAudience(claims.audience);
  if (!entry.ownAudience) {
    throw new ApiError(
      403,
      'CLIENT_ACCESS_DENIED',
      `Authorization: the token is for audience ${claims.audience}, not this API`,
    );
  }
  if (entry.caller) return entry.caller;
  const row = ctx
    .sql<UserRow & { client_id: string }>(
      'SELECT u.*, c.client_id FROM credentials c JOIN users u ON u.id = c.user_id WHERE c.client_id = ? AND u.id = ?',
    )
    .get(claims.clientId, claims.userId);
  if (!row || row.partner_id !== claims.partnerId)
    throw denied('Authorization: the credentials of this token are no longer valid');
  const partner = ctx.sql<PartnerRow>('SELECT * FROM partners WHERE id = ?').get(row.partner_id)!;
  const { client_id: clientId, ...user } = row;
  entry.caller = { clientId, user, partner };
  return entry.caller;
}
