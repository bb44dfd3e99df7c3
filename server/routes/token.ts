import type { FastifyInstance } from 'fastify';
import {
  issuesToDetails,
  LIMITS,
  TokenRequest,
  type TokenError,
  type TokenResponse,
} from '../../common/api';
import { secretMatches } from '../auth/secrets';
import { issueToken } from '../auth/tokens';
import type { Ctx } from '../context';

const ACCESS_DENIED: TokenError = { error: 'access_denied', error_description: 'Unauthorized' };

/** `POST /v1/token`: OAuth 2.0 client credentials (spec, Authentication). */
export function tokenRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.post('/v1/token', { config: { public: true } }, async (req, reply) => {
    const parsed = TokenRequest.safeParse(req.body ?? {});
    if (!parsed.success) {
      const grant = (req.body as Record<string, unknown> | undefined)?.grant_type;
      const body: TokenError =
        typeof grant === 'string' && grant !== 'client_credentials'
          ? {
              error: 'unsupported_grant_type',
              error_description: 'grant_type: must be client_credentials',
            }
          : {
              error: 'invalid_request',
              error_description: issuesToDetails(parsed.error, 'INVALID_REQUEST_FIELD')
                .map((d) => d.message)
                .join('; '),
            };
      return reply.code(400).send(body);
    }
    const t = parsed.data;
    const cred = ctx
      .sql<{ secret_hash: string; user_id: string; partner_id: string }>(
        'SELECT c.secret_hash, c.user_id, u.partner_id FROM credentials c JOIN users u ON u.id = c.user_id WHERE c.client_id = ?',
      )
      .get(t.client_id);
    if (!cred || !secretMatches(t.client_secret, cred.secret_hash))
      return reply.code(401).send(ACCESS_DENIED);
    const { token, expiresAt } = await issueToken(ctx.signingKey, {
      userId: cred.user_id,
      partnerId: cred.partner_id,
      clientId: t.client_id,
      audience: t.audience,
    });
    const body: TokenResponse = {
      access_token: token,
      scope: 'quotes',
      expires_in: LIMITS.tokenLifetimeSeconds,
      token_type: 'Bearer',
      expires_at: expiresAt.toISOString(),
    };
    return reply.code(200).header('cache-control', 'no-store').send(body);
  });
}
