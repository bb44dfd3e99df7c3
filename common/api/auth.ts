import { z } from 'zod';

export const TokenRequest = z.object({
  audience: z.string({ error: 'must be a string' }).min(1, { error: 'is required' }),
  grant_type: z.literal('client_credentials', { error: 'must be client_credentials' }),
  client_id: z.string({ error: 'must be a string' }).min(1, { error: 'is required' }),
  client_secret: z.string({ error: 'must be a string' }).min(1, { error: 'is required' }),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

export const TokenResponse = z.object({
  access_token: z.string(),
  scope: z.string(),
  expires_in: z.number().int(),
  token_type: z.string(),
  expires_at: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

/** Body of a refused token request (docs/architecture.md#transport-and-auth: 401 access_denied). */
export const TokenError = z.object({ error: z.string(), error_description: z.string() });
export type TokenError = z.infer<typeof TokenError>;

/** Audiences other than the API's own base URL (spec, Authentication 7). */
export const FOREIGN_AUDIENCES = ['api://provisioning', 'api://usage'] as const;
