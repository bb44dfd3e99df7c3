// Shared bits of the client's integration tests: demo credentials, PDFs, a client factory.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createApiClient, type ApiClientOptions, type ApiEvent } from '../../main/api';

export const ADA = { clientId: 'northwind-ada', secret: 'demo-secret-northwind-ada-7f3k' };
export const BEN = { clientId: 'northwind-ben', secret: 'demo-secret-northwind-ben-q9x2' };
export const ACME_ID = 'ed3a65e4-8eda-4ada-b243-2b8c1e9e6165';
export const BLUE_FJORD_ID = 'a7e3fcd1-d46e-4880-a4cf-e9096da5b6cc';
export const PRODUCTS = {
  m365: '094347cf-431a-464f-98b9-32ebeb165c8a',
  storagePerGb: '3f0352ee-908c-48d4-9671-2f0af6b84742',
  sentinelOne: '39783ab4-4926-4ff3-a7cc-89f2f6f5e705',
  sentinelMdrAddOn: '1377f62e-c9e0-44cc-84aa-68fa26cd8cc0',
};

/** A small but well-formed PDF whose text makes its bytes unique. */
export function pdfBytes(text: string, padTo = 0): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const body = Buffer.from(out, 'latin1');
  // Padding as a trailing comment keeps the file a valid PDF while making it larger.
  return padTo > body.length
    ? Buffer.concat([body, Buffer.alloc(padTo - body.length, 0x25)])
    : body;
}

export async function writePdf(
  dir: string,
  name: string,
  text: string,
  padTo = 0,
): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, pdfBytes(text, padTo));
  return path;
}

export interface Server {
  baseUrl: string;
  caFile: string;
}

export function clientFor(
  server: Server,
  who: { clientId: string; secret: string },
  extra: Partial<ApiClientOptions> & {
    events?: ApiEvent[];
    baseUrl?: string;
    caFile?: string;
  } = {},
) {
  const { events, baseUrl, caFile, ...opts } = extra;
  return createApiClient(
    {
      baseUrl: baseUrl ?? server.baseUrl,
      audience: server.baseUrl,
      clientId: who.clientId,
      caFile: caFile ?? server.caFile,
    },
    {
      clientSecret: who.secret,
      onEvent: events ? (e) => events.push(e) : undefined,
      ...opts,
    },
  );
}

export const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

/** For `.then(unexpected, (e) => e)`: a call that should have failed but did not. */
export function unexpected(value: unknown): never {
  throw new Error(`expected the call to fail, it returned ${JSON.stringify(value)?.slice(0, 200)}`);
}
