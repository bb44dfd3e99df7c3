import { OpenApiGeneratorV31, OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { COMPONENTS, nameComponents } from './components';
import { ROUTES } from './routes';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

const BEARER = 'bearerAuth';

/** The Quoting API as an OpenAPI 3.1 document, generated from the zod contract in common/api. */
export function buildOpenApiDocument(): OpenApiDocument {
  nameComponents();
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', BEARER, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'Access token from POST {base_url}/v1/token (OAuth 2.0 client credentials; JSON body ' +
      'audience = {base_url}, grant_type = client_credentials, client_id, client_secret). ' +
      'It lives one day (expires_in 86400). Bad credentials: 401 ' +
      '{"error":"access_denied","error_description":"Unauthorized"}.',
  });
  for (const route of ROUTES) registry.registerPath(route);
  const definitions = [
    ...registry.definitions,
    ...Object.values(COMPONENTS).map((schema) => ({ type: 'schema' as const, schema })),
  ];
  const document = new OpenApiGeneratorV31(definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Quoting API',
      version: '2.0.0',
      description:
        'Quotes, line items, sections, access lists, attachments and quote preferences of a ' +
        'partner account. Every operation requires the bearer token. Error bodies are ErrorResponse.',
    },
    security: [{ [BEARER]: [] }],
  });
  // The spec shows no events; an empty `webhooks` would only suggest otherwise.
  if (document.webhooks && Object.keys(document.webhooks).length === 0) delete document.webhooks;
  return document;
}

/** The document as written to docs/openapi.json: 2-space JSON and a final newline. */
export function openApiJson(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}
