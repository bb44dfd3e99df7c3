// Downloads go to disk as they arrive, through a temp file beside the target: past the
// size cap the transfer stops and the partial file is removed; the target only ever
// appears complete.
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

export async function saveBody(
  res: RawResponse,
  dest: string,
  maxBytes: number,
  method: string,
  route: string,
): Promise<DownloadResult> {
  const header = (n: string) => {
    const v = res.headers[n];
    return Array.isArray(v) ? v[0] : v;
  };
  const declared = Number(header('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.body.destroy();
    throw new DownloadTooLargeError(maxBytes, method, route);
  }
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
  return { path: dest, bytes, contentType: header('content-type') };
}
