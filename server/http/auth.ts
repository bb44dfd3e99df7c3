import type { FastifyRequest } from 'fastify';
import { verifyToken, type TokenClaims } from '../auth/tokens';
import type { Caller, Ctx, PartnerRow, UserRow } from '../context';
import { ApiError } from './errors';

const denied = (message: string) => new ApiError(403, 'UNAUTHORIZED_ERROR', message);

/** Verified tokens, so a busy client does not pay for HMAC and lookups on every call. */
const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
const CACHE_MAX = 10_000;

/** Resolves the bearer token of a `/v2` or catalogue call to its caller, or refuses with 403. */
export async function authenticate(ctx: Ctx, req: FastifyRequest): Promise<Caller> {
  const header = req.headers.authorization;
  const match =
    typeof header === 'string' ? /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(header) : null;
  if (!match) throw denied('Authorization: a bearer access token is required');
  const token = match[1]!;
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
    if (verified.size >= CACHE_MAX) verified.clear();
    verified.set(token, entry);
  }
  if (entry.expiresAt <= Date.now()) {
    verified.delete(token);
    throw denied('Authorization: the access token has expired');
  }
  const { claims } = entry;
  if (!ctx.isOwnAudience(claims.audience)) {
    throw new ApiError(
      403,
      'CLIENT_ACCESS_DENIED',
      `Authorization: the token is for audience ${claims.audience}, not this API`,
    );
  }
  const row = ctx
    .sql<UserRow & { client_id: string }>(
      'SELECT u.*, c.client_id FROM credentials c JOIN users u ON u.id = c.user_id WHERE c.client_id = ? AND u.id = ?',
    )
    .get(claims.clientId, claims.userId);
  if (!row || row.partner_id !== claims.partnerId)
    throw denied('Authorization: the credentials of this token are no longer valid');
  const partner = ctx.sql<PartnerRow>('SELECT * FROM partners WHERE id = ?').get(row.partner_id)!;
  const { client_id: clientId, ...user } = row;
  return { clientId, user, partner };
}
