// Downloads go to disk as they arrive, through a temp file beside the target: past the
// size cap the transfer stops and the partial file is removed; the target only ever
// appears complete. Or they stay in memory (`readBody`), for bytes that must never be on disk
// in the clear — an attachment an encrypted store seals as it keeps it; the same cap applies.
import { createWriteStream } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DownloadTooLargeError } from './errors';
import type { RawResponse } from './transport';

export interface DownloadResult {
  path: string;
  bytes: number;
  contentType: string | undefined;
}

export interface BytesResult {
  bytes: Buffer;
  contentType: string | undefined;
}

function header(res: RawResponse, n: string): string | undefined {
  const v = res.headers[n];
  return Array.isArray(v) ? v[0] : v;
}

/** Refuses a body whose declared length is already past the cap, before reading any of it. */
function refuseDeclared(res: RawResponse, maxBytes: number, method: string, route: string): void {
  const declared = Number(header(res, 'content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.body.destroy();
    throw new DownloadTooLargeError(maxBytes, method, route);
  }
}

/** The whole body in memory; past `maxBytes` the transfer stops. Nothing touches the disk. */
export async function readBody(
  res: RawResponse,
  maxBytes: number,
  method: string,
  route: string,
): Promise<BytesResult> {
  refuseDeclared(res, maxBytes, method, route);
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > maxBytes) {
      res.body.destroy();
      throw new DownloadTooLargeError(maxBytes, method, route);
    }
    chunks.push(chunk);
  }
  return { bytes: Buffer.concat(chunks, bytes), contentType: header(res, 'content-type') };
}

export async function saveBody(
  res: RawResponse,
  dest: string,
  maxBytes: number,
  method: string,
  route: string,
): Promise<DownloadResult> {
  refuseDeclared(res, maxBytes, method, route);
  const tmp = `${dest}.${randomBytes(4).toString('hex')}.partial`;
  let bytes = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) done(new DownloadTooLargeError(maxBytes, method, route));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(res.body, cap, createWriteStream(tmp, { mode: 0o600 }));
    await rename(tmp, dest);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
  return { path: dest, bytes, contentType: header(res, 'content-type') };
}
