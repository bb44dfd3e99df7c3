// The OpenAPI document against the spec's endpoint tables, and against its committed copy.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as api from '../../common/api';
import { buildOpenApiDocument, openApiJson } from '../../scripts/openapi/document';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHARED_SPEC = path.resolve(root, '../shared/spec/quoting-service.md');
const CHECKED_IN_SPEC = path.join(root, 'test/fixtures/quoting-service.md');
const specFile = existsSync(SHARED_SPEC) ? SHARED_SPEC : CHECKED_IN_SPEC;
const spec = readFileSync(specFile, 'utf8');

type Row = Record<string, string>;
type Table = { header: string[]; rows: Row[] };

/** Markdown tables of one `## ` section, rows keyed by header. */
function tablesOf(markdown: string, heading: string): Table[] {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`spec has no "## ${heading}" section (${specFile})`);
  const end = markdown.indexOf('\n## ', start + 1);
  const lines = markdown.slice(start, end < 0 ? undefined : end).split('\n');
  const tables: Table[] = [];
  let block: string[] = [];
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim());
  const flush = () => {
    if (block.length >= 2) {
      const header = cells(block[0] as string);
      const rows = block.slice(2).map((line) => {
        const values = cells(line);
        if (values.length !== header.length) throw new Error(`unexpected table row: ${line}`);
        return Object.fromEntries(header.map((h, i) => [h, values[i] as string]));
      });
      tables.push({ header, rows });
    }
    block = [];
  };
  for (const line of lines) {
    if (line.trim().startsWith('|')) block.push(line);
    else flush();
  }
  flush();
  return tables;
}

const statusesIn = (text: string) =>
  [...text.matchAll(/\b([1-5]\d\d)\b/g)].map((m) => Number(m[1]));

const endpointTables = tablesOf(spec, 'Endpoints').filter(
  (t) => t.header.includes('Method') && t.header.includes('Path'),
);
const operationRows = endpointTables
  .filter((t) => t.header.includes('Other statuses'))
  .flatMap((t) => t.rows);
const specOperations = operationRows.map((r) => ({
  method: (r.Method as string).toLowerCase(),
  path: r.Path as string,
  request: r.Request as string,
  statuses: [
    ...statusesIn(r['Success response'] as string),
    ...statusesIn(r['Other statuses'] as string),
  ],
}));

const doc = buildOpenApiDocument();
type Operation = {
  parameters?: { name: string; in: string; required?: boolean; schema?: Record<string, unknown> }[];
  requestBody?: {
    required?: boolean;
    content: Record<string, { schema: Record<string, unknown> }>;
  };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  security?: unknown[];
};
const docOperations = Object.entries(doc.paths ?? {}).flatMap(([p, item]) =>
  (['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const)
    .filter((m) => item[m] !== undefined)
    .map((m) => ({ method: m, path: p, op: item[m] as unknown as Operation })),
);
const operation = (method: string, p: string) => {
  const found = docOperations.find((o) => o.method === method && o.path === p);
  if (!found) throw new Error(`document has no ${method.toUpperCase()} ${p}`);
  return found.op;
};

describe('OpenAPI document', () => {
  it('docs/openapi.json is the document generated from the current contract', () => {
    const committed = readFileSync(path.join(root, 'docs/openapi.json'), 'utf8');
    expect(committed === openApiJson(), 'docs/openapi.json is stale: run `npm run openapi`').toBe(
      true,
    );
  });

  it('the spec lists 33 operations; the token endpoint is a separate table outside them', () => {
    expect(specOperations).toHaveLength(33);
    const others = endpointTables.filter((t) => !t.header.includes('Other statuses'));
    expect(others.flatMap((t) => t.rows.map((r) => `${r.Method} ${r.Path}`))).toEqual([
      'POST /v1/token',
    ]);
    // Not an operation of the document: the bearer scheme says where tokens come from.
    expect(doc.paths?.['/v1/token']).toBeUndefined();
    expect(JSON.stringify(doc.components?.securitySchemes)).toContain('/v1/token');
  });

  it('has every path, method and status code of the spec and nothing else', () => {
    const fromSpec = specOperations
      .flatMap((o) => o.statuses.map((s) => `${o.method.toUpperCase()} ${o.path} ${s}`))
      .sort();
    const fromDoc = docOperations
      .flatMap((o) =>
        Object.keys(o.op.responses).map((s) => `${o.method.toUpperCase()} ${o.path} ${s}`),
      )
      .sort();
    expect(fromDoc).toEqual(fromSpec);
    expect(fromSpec).toContain('PUT /v2/quote-preferences 201'); // "200 (OK) or 201 (Created)"
    expect(fromSpec).not.toContain('GET /v2/quote-attachments 400'); // that row lists only 403
  });

  it('every operation requires the bearer token', () => {
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    for (const { op } of docOperations) expect(op.security).toBeUndefined();
  });

  it('every {…Id} path parameter is a required uuid, and there are no others', () => {
    for (const { path: p, op } of docOperations) {
      const names = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const params = (op.parameters ?? []).filter((x) => x.in === 'path');
      expect(params.map((x) => x.name)).toEqual(names);
      for (const x of params) {
        expect(x.name).toMatch(/Id$/);
        expect(x.required).toBe(true);
        expect(x.schema).toMatchObject({ type: 'string', format: 'uuid' });
      }
    }
  });

  it('request bodies follow the Request column: none, multipart field, or a required JSON payload', () => {
    for (const o of specOperations) {
      const op = operation(o.method, o.path);
      const request = o.request;
      const multipartField = /multipart\/form-data; field `(\w+)`/.exec(request)?.[1];
      if (multipartField) {
        const schema = op.requestBody?.content['multipart/form-data']?.schema;
        expect(op.requestBody?.required, `${o.method} ${o.path}`).toBe(true);
        expect(schema?.required).toEqual([multipartField]);
        const field = (schema?.properties as Record<string, { type: string }>)[multipartField];
        expect(field?.type).toBe(multipartField === 'attachments' ? 'array' : 'string');
      } else if (/^(none|optional query|query)/.test(request)) {
        expect(op.requestBody, `${o.method} ${o.path} takes no body`).toBeUndefined();
      } else {
        expect(op.requestBody?.required, `${o.method} ${o.path}`).toBe(true);
        expect(Object.keys(op.requestBody?.content ?? {})).toEqual(['application/json']);
      }
    }
  });

  it('the download flags are query parameters whose only allowed value is true', () => {
    const download = (method: string, p: string, name: string) =>
      operation(method, p).parameters?.find((x) => x.in === 'query' && x.name === name);
    for (const p of [
      '/v2/quote-attachments/{attachmentId}',
      '/v2/quotes/{quoteId}/attachments/{attachmentId}',
    ]) {
      expect(download('get', p, 'download')).toMatchObject({
        required: false,
        schema: { type: 'boolean', enum: [true] },
      });
      expect(Object.keys(operation('get', p).responses['200']?.content ?? {})).toEqual([
        'application/json',
        'application/pdf',
      ]);
    }
    expect(download('get', '/v2/quotes/{quoteId}/attachments', 'downloadZip')).toMatchObject({
      required: true,
      schema: { type: 'boolean', enum: [true] },
    });
    expect(
      Object.keys(
        operation('get', '/v2/quotes/{quoteId}/attachments').responses['200']?.content ?? {},
      ),
    ).toEqual(['application/zip']);
  });

  it('GET /v2/quotes takes the query parameters of the spec and the contract, with their defaults', () => {
    const table = tablesOf(spec, 'Endpoints').find((t) => t.header.includes('Default'));
    const specNames = table?.rows.map((r) => r.Name) ?? [];
    const params = operation('get', '/v2/quotes').parameters ?? [];
    expect(params.map((x) => x.name).sort()).toEqual([...specNames].sort());
    expect(params.map((x) => x.name).sort()).toEqual(Object.keys(api.ListQuotesQuery.shape).sort());
    expect(params.every((x) => x.in === 'query' && x.required === false)).toBe(true);
    const byName = Object.fromEntries(params.map((x) => [x.name, x.schema]));
    expect(byName.limit).toMatchObject({
      type: 'integer',
      default: 10,
      maximum: api.LIMITS.pageSizeMax,
    });
    expect(byName.page).toMatchObject({ type: 'integer', default: 0 });
    expect(byName.account).toMatchObject({ enum: ['user', 'partner'], default: 'user' });
  });

  it('2xx responses carry their body (204 none) and every error status an ErrorResponse', () => {
    for (const { method, path: p, op } of docOperations) {
      for (const [status, response] of Object.entries(op.responses)) {
        const where = `${method.toUpperCase()} ${p} ${status}`;
        if (status === '204') expect(response.content, where).toBeUndefined();
        else if (status.startsWith('2'))
          expect(Object.keys(response.content ?? {}), where).not.toEqual([]);
        else
          expect(response.content?.['application/json']?.schema, where).toEqual({
            $ref: '#/components/schemas/ErrorResponse',
          });
      }
    }
  });

  it('schemas come from the contract: line-item payloads are discriminated by type with the spec’s rules', () => {
    const body = operation('post', '/v2/quotes/{quoteId}/line-items').requestBody?.content[
      'application/json'
    ];
    expect(body?.schema).toMatchObject({
      type: 'array',
      minItems: 1,
      maxItems: api.LIMITS.lineItems,
      items: { $ref: '#/components/schemas/AddLineItemPayload' },
    });
    const schemas = doc.components?.schemas ?? {};
    expect(schemas.AddLineItemPayload).toMatchObject({
      discriminator: {
        propertyName: 'type',
        mapping: {
          Standard: '#/components/schemas/AddStandardLineItem',
          Custom: '#/components/schemas/AddCustomLineItem',
          UsageBased: '#/components/schemas/AddUsageBasedLineItem',
        },
      },
    });
    expect(schemas.AddCustomLineItem).toMatchObject({
      properties: {
        productName: { maxLength: 255, pattern: '^[A-Za-z0-9 ]+$' },
        // Non-empty (minLength), of letters, digits and dashes.
        productSku: { minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9-]*$' },
        note: { maxLength: 2000 },
      },
      required: expect.arrayContaining(['billingTerm', 'cost', 'initialTotal', 'productName']),
    });
    expect((schemas.ErrorCode as { enum: string[] }).enum).toEqual([...api.ErrorCode.options]);
  });

  it('every $ref points at a component that exists', () => {
    const refs = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === '$ref' && typeof v === 'string') refs.add(v);
          else walk(v);
        }
      }
    };
    walk(doc);
    expect(refs.size).toBeGreaterThan(20);
    for (const ref of refs) {
      const [, kind, name] = /^#\/components\/(\w+)\/(.+)$/.exec(ref) ?? [];
      const group = (doc.components as Record<string, Record<string, unknown>> | undefined)?.[
        kind ?? ''
      ];
      expect(group?.[name ?? ''], ref).toBeDefined();
    }
  });

  it.skipIf(!existsSync(SHARED_SPEC))(
    'the checked-in copy of the spec matches ../shared/spec/quoting-service.md',
    () => {
      expect(readFileSync(CHECKED_IN_SPEC, 'utf8')).toBe(readFileSync(SHARED_SPEC, 'utf8'));
    },
  );
  if (!existsSync(SHARED_SPEC)) {
    console.warn(
      `skipping the spec copy check: ${SHARED_SPEC} is not there; using ${CHECKED_IN_SPEC}`,
    );
  }
});
