// A small HTTPS client for tests of the Quoting API: real TLS with the server's CA, one pooled
// connection set per server, responses returned raw so tests can check status and shape.
import { Agent, FormData, request } from 'undici';
import { expect } from 'vitest';
import { ErrorResponse, type ErrorCode } from '../../common/api';
import type { z } from 'zod';

export interface Res {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
  json: unknown;
}

export const DEMO = {
  ada: { clientId: 'northwind-ada', secret: 'demo-secret-northwind-ada-7f3k' },
  ben: { clientId: 'northwind-ben', secret: 'demo-secret-northwind-ben-q9x2' },
  chen: { clientId: 'southbridge-chen', secret: 'demo-secret-southbridge-chen-m4p8' },
  clients: {
    acme: 'ed3a65e4-8eda-4ada-b243-2b8c1e9e6165',
    blueFjord: 'a7e3fcd1-d46e-4880-a4cf-e9096da5b6cc',
    cedar: '89889f41-6823-4ca4-8ac6-59251bf03cdf',
    delta: '211d37df-2716-43a8-822e-7d9f776f7972',
    evergreen: '2de0a5f4-fcbd-4168-97cc-4af875633f9f',
  },
  products: {
    m365: '094347cf-431a-464f-98b9-32ebeb165c8a',
    defender: '96bf0824-af0d-4cee-a11b-5def68773339',
    backup: '7e7b978f-5b90-426d-938c-7fac49a9a8d9',
    storage: '3f0352ee-908c-48d4-9671-2f0af6b84742',
    azure: '21f99537-e268-4a7f-90cd-6d70955f3a0f',
    s1: '39783ab4-4926-4ff3-a7cc-89f2f6f5e705',
    s1Addon: '1377f62e-c9e0-44cc-84aa-68fa26cd8cc0',
    trial: '5d711ef4-0474-4352-b52a-1eecbe1be784',
    server: '36f888b7-6f2d-4b50-b11d-c6fa24a89d75',
    keeper: 'df1e9b47-9304-4b33-bf22-baa894ca3a63',
    onboarding: '77f2d60c-46e1-4917-9c4c-3d30a9dec3ff',
  },
  commitment1y: '5ed9c131-f2cc-4d2d-a6e5-006fd631acbf',
};

export interface CallOptions {
  body?: unknown;
  /** Sent as is (string or bytes) instead of JSON. */
  raw?: string | Buffer;
  form?: FormData;
  headers?: Record<string, string>;
  token?: string | null;
}

export class Api {
  readonly agent: Agent;
  token: string | null = null;

  constructor(
    readonly baseUrl: string,
    ca: string,
  ) {
    this.agent = new Agent({ connect: { ca }, connections: 32 });
  }

  async call(method: string, path: string, opts: CallOptions = {}): Promise<Res> {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    const token = opts.token === undefined ? this.token : opts.token;
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | Buffer | FormData | undefined;
    if (opts.form) body = opts.form;
    else if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const r = await request(this.baseUrl + path, {
      method: method as 'GET',
      headers,
      body,
      dispatcher: this.agent,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    const buf = Buffer.from(await r.body.arrayBuffer());
    const text = buf.toString('utf8');
    let json: unknown;
    const type = String(r.headers['content-type'] ?? '');
    if (type.includes('json')) json = text ? JSON.parse(text) : undefined;
    return { status: r.statusCode, headers: r.headers, body: buf, text, json };
  }

  get = (path: string, o?: CallOptions) => this.call('GET', path, o);
  post = (path: string, body?: unknown, o?: CallOptions) => this.call('POST', path, { ...o, body });
  put = (path: string, body?: unknown, o?: CallOptions) => this.call('PUT', path, { ...o, body });
  del = (path: string, o?: CallOptions) => this.call('DELETE', path, o);

  async tokenFor(
    cred: { clientId: string; secret: string },
    audience = this.baseUrl,
  ): Promise<string> {
    const r = await this.call('POST', '/v1/token', {
      token: null,
      body: {
        audience,
        grant_type: 'client_credentials',
        client_id: cred.clientId,
        client_secret: cred.secret,
      },
    });
    expect(r.status, r.text).toBe(200);
    return (r.json as { access_token: string }).access_token;
  }

  /** A client for another user against the same server. */
  async as(cred: { clientId: string; secret: string }): Promise<Api> {
    const other = new Api(this.baseUrl, '');
    (other as { agent: Agent }).agent = this.agent;
    other.token = await this.tokenFor(cred);
    return other;
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

export async function login(baseUrl: string, ca: string, cred = DEMO.ada): Promise<Api> {
  const api = new Api(baseUrl, ca);
  api.token = await api.tokenFor(cred);
  return api;
}

/** Asserts a status and parses the body with `schema` (every success body is validated). */
export function ok<S extends z.ZodType>(r: Res, status: number, schema: S): z.output<S> {
  expect(r.status, r.text).toBe(status);
  const parsed = schema.safeParse(r.json);
  if (!parsed.success)
    throw new Error(`response does not match the schema: ${parsed.error.message}\n${r.text}`);
  return parsed.data;
}

/** Asserts an ErrorResponse with this status and code (type and first details entry). */
export function refused(
  r: Res,
  status: number,
  code: ErrorCode,
  field?: string,
): z.output<typeof ErrorResponse> {
  expect(r.status, r.text).toBe(status);
  const e = ErrorResponse.parse(r.json);
  expect(e.status).toBe(status);
  expect(e.type, r.text).toBe(code);
  expect(e.details.length).toBeGreaterThan(0);
  expect(e.details.map((d) => d.type)).toContain(code);
  if (field) expect(e.details.map((d) => d.message).join('\n'), r.text).toContain(field);
  return e;
}

/** A minimal valid PDF; `tag` makes its content (and sha256) unique. */
export function pdf(tag: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${tag}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

export function files(
  field: string,
  list: Array<{ name: string; data: Buffer; type?: string }>,
): FormData {
  const fd = new FormData();
  for (const f of list)
    fd.append(field, new Blob([f.data], { type: f.type ?? 'application/pdf' }), f.name);
  return fd;
}

export const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
