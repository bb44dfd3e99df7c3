import { isContentAddress, mimeTypeOf, resolveExistingFileUnder } from '../core/safe-path';

/** The UI's own scheme: no `file://`, a real origin for the CSP to pin (docs/architecture.md#the-electron-shell). */
export const APP_SCHEME = 'quotedesk';
export const APP_HOST = 'app';
/** Attachment bytes by content address: `quotedesk://files/<sha256>`. */
export const FILES_HOST = 'files';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

export type ProtocolAnswer =
  | { kind: 'file'; path: string; mimeType: string }
  | { kind: 'bytes'; bytes: Buffer; mimeType: string }
  | { kind: 'refused'; status: 400 | 403 | 404 | 405 };

export interface ProtocolRoots {
  /** The built renderer (`out/renderer`). */
  rendererDir: string;
  /** A content-addressed file's bytes (decrypted by the store), or null when it has none. */
  readBlob: (sha256: string) => Buffer | null;
}

/**
 * Decides what a request on the app's scheme may read: renderer files under their folder,
 * attachment files by exact content address, nothing else — no other host, no query games,
 * no way out of either folder.
 */
export function resolveProtocolRequest(
  rawUrl: string,
  method: string,
  roots: ProtocolRoots,
): ProtocolAnswer {
  if (method !== 'GET' && method !== 'HEAD') return { kind: 'refused', status: 405 };
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { kind: 'refused', status: 400 };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.username || url.password || url.port) {
    return { kind: 'refused', status: 403 };
  }
  if (url.host === APP_HOST) {
    const rel = url.pathname === '/' ? '/index.html' : url.pathname;
    const file = resolveExistingFileUnder(roots.rendererDir, rel);
    return file
      ? { kind: 'file', path: file, mimeType: mimeTypeOf(file) }
      : { kind: 'refused', status: 404 };
  }
  if (url.host === FILES_HOST) {
    const sha = url.pathname.replace(/^\//, '');
    if (!isContentAddress(sha)) return { kind: 'refused', status: 404 };
    const bytes = roots.readBlob(sha);
    return bytes
      ? { kind: 'bytes', bytes, mimeType: 'application/pdf' }
      : { kind: 'refused', status: 404 };
  }
  return { kind: 'refused', status: 403 };
}
