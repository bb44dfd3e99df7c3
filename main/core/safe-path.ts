import fs from 'node:fs';
import path from 'node:path';

/**
 * Maps a URL path onto a file under `root`, or null when it would leave `root`: `..`
 * segments (also percent-encoded), backslashes, NUL bytes, absolute paths, drive letters, and
 * symlinks pointing outside. Used by the Electron protocol and the browser bridge, so both
 * serve exactly the same files.
 */
export function resolveUnder(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s.length > 0);
  if (segments.some((s) => s === '..' || s === '.' || /^[a-zA-Z]:$/.test(s))) return null;
  const rootResolved = path.resolve(root);
  const candidate = path.resolve(rootResolved, ...segments);
  if (candidate !== rootResolved && !candidate.startsWith(rootResolved + path.sep)) return null;
  return candidate;
}

/** Like `resolveUnder`, then follows symlinks and checks again; null if missing or outside. */
export function resolveExistingFileUnder(root: string, urlPath: string): string | null {
  const candidate = resolveUnder(root, urlPath);
  if (!candidate) return null;
  try {
    const realRoot = fs.realpathSync(root);
    const real = fs.realpathSync(candidate);
    if (real !== realRoot && !real.startsWith(realRoot + path.sep)) return null;
    return fs.statSync(real).isFile() ? real : null;
  } catch {
    return null;
  }
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/octet-stream',
  '.txt': 'text/plain; charset=utf-8',
};

export function mimeTypeOf(file: string): string {
  return MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** A sha256 content address as the store writes it: 64 lowercase hex digits. */
export function isContentAddress(value: string): boolean {
  return /^[0-9a-f]{64}$/.test(value);
}
