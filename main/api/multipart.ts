// Uploads: files are streamed from disk (openAsBlob reads lazily), never loaded whole.
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { FormData } from 'undici';
import { LIMITS } from '../../common/api';
import { InvalidRequestError, type ErrorDetail } from './errors';
import { loadUndici } from './undici';

export interface UploadFile {
  /** Path of the file on disk (a name for the error messages when `bytes` are given). */
  path: string;
  /** The file's bytes, when they are not on disk as they are (an encrypted store's files). */
  bytes?: Uint8Array;
  /** File name the server records; defaults to the path's base name. */
  name?: string;
  /** Defaults to application/pdf: the service accepts PDF attachments. */
  contentType?: string;
}

export type UploadInput = string | UploadFile;

type Upload = Omit<Required<UploadFile>, 'bytes'> & Pick<UploadFile, 'bytes'>;

function normalize(f: UploadInput): Upload {
  const file = typeof f === 'string' ? { path: f } : f;
  return {
    ...(file.bytes ? { bytes: file.bytes } : {}),
    path: file.path,
    name: file.name ?? basename(file.path),
    contentType: file.contentType ?? 'application/pdf',
  };
}

/** Checks every file before anything is sent, so a bad one refuses the call as a whole. */
export async function checkUploads(
  field: string,
  files: UploadInput[],
  method: string,
  route: string,
): Promise<Upload[]> {
  const list = files.map(normalize);
  const problems: ErrorDetail[] = [];
  if (list.length === 0) {
    problems.push({
      type: 'INVALID_REQUEST_BODY',
      message: `${field}: at least one file is required`,
    });
  }
  await Promise.all(
    list.map(async (f, i) => {
      const at = list.length > 1 || field === 'attachments' ? `${field}[${i}]` : field;
      try {
        const s = f.bytes ? { isFile: () => true, size: f.bytes.byteLength } : await stat(f.path);
        if (!s.isFile()) {
          problems.push({
            type: 'INVALID_REQUEST_BODY',
            message: `${at}: ${f.name} is not a file`,
          });
        } else if (s.size > LIMITS.attachmentBytes) {
          problems.push({
            type: 'INVALID_REQUEST_BODY',
            message: `${at}: ${f.name} is larger than ${LIMITS.attachmentBytes / 1024 / 1024} MiB`,
          });
        }
      } catch {
        problems.push({ type: 'INVALID_REQUEST_BODY', message: `${at}: ${f.name} cannot be read` });
      }
    }),
  );
  if (problems.length) throw new InvalidRequestError(problems, method, route);
  return list;
}

export async function formOf(field: string, files: Upload[]): Promise<FormData> {
  const form = new (await loadUndici()).FormData();
  for (const f of files) {
    const blob = f.bytes
      ? new Blob([f.bytes], { type: f.contentType })
      : await openAsBlob(f.path, { type: f.contentType });
    form.append(field, blob, f.name);
  }
  return form;
}
