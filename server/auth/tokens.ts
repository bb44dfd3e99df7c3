import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { LIMITS } from '../../common/api';

export interface TokenClaims {
  userId: string;
  partnerId: string;
  clientId: string;
  audience: string;
}

export type VerifyResult =
  | { ok: true; claims: TokenClaims; expiresAt: number }
  | { ok: false; reason: 'invalid' | 'expired' };

const ISSUER = 'quotedesk-quoting-api';

export async function issueToken(
  key: Uint8Array,
  claims: TokenClaims,
  now = Date.now(),
): Promise<{ token: string; expiresAt: Date }> {
  const iat = Math.floor(now / 1000);
  const exp = iat + LIMITS.tokenLifetimeSeconds;
  const token = await new SignJWT({ pid: claims.partnerId, cid: claims.clientId, scope: 'quotes' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(claims.userId)
    .setAudience(claims.audience)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key);
  return { token, expiresAt: new Date(exp * 1000) };
}

/** Checks signature, issuer and lifetime; the audience is judged by the caller. */
export async function verifyToken(key: Uint8Array, token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
    const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.pid !== 'string' ||
      typeof payload.cid !== 'string' ||
      typeof aud !== 'string' ||
      typeof payload.exp !== 'number'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return {
      ok: true,
      claims: { userId: payload.sub, partnerId: payload.pid, clientId: payload.cid, audience: aud },
      expiresAt: payload.exp * 1000,
    };
  } catch (e) {
    return { ok: false, reason: e instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
}
