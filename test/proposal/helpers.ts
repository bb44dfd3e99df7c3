// Reading a generated PDF as a person would get it: its text (poppler's pdftotext), its
// pages and fonts (pdfinfo, pdffonts) and a page as a picture (pdftoppm).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function withFile<T>(bytes: Uint8Array, fn: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-pdf-'));
  const file = path.join(dir, 'doc.pdf');
  fs.writeFileSync(file, bytes);
  try {
    return fn(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of the document, or of page `page` alone; layout kept (one table row a line). */
export function pdfText(bytes: Uint8Array, page?: number): string {
  return withFile(bytes, (f) =>
    execFileSync(
      'pdftotext',
      ['-layout', ...(page ? ['-f', String(page), '-l', String(page)] : []), f, '-'],
      { encoding: 'utf8' },
    ),
  );
}

export function pdfPages(bytes: Uint8Array): number {
  const info = withFile(bytes, (f) => execFileSync('pdfinfo', [f], { encoding: 'utf8' }));
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
}

/** pdfimages' rows: the page, width and height of every image in the document. */
export function pdfImages(bytes: Uint8Array): { page: number; width: number; height: number }[] {
  const out = withFile(bytes, (f) => execFileSync('pdfimages', ['-list', f], { encoding: 'utf8' }));
  return out
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => l.trim().split(/\s+/))
    .map((c) => ({ page: Number(c[0]), width: Number(c[3]), height: Number(c[4]) }));
}

/** pdffonts' rows: name and whether the font is embedded. */
export function pdfFonts(bytes: Uint8Array): { name: string; embedded: boolean }[] {
  const out = withFile(bytes, (f) => execFileSync('pdffonts', [f], { encoding: 'utf8' }));
  return out
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => {
      const cols = l.trim().split(/\s+/);
      // name type… encoding emb sub uni object ID: emb is the 5th column from the end
      return { name: cols[0]!, embedded: cols[cols.length - 5] === 'yes' };
    });
}

/** Page `page` as a PNG file in `dir` (pdftoppm, 60 dpi): for a person to look at. */
export function pdfPagePng(bytes: Uint8Array, page: number, dir: string, name: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const src = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(src, bytes);
  const prefix = path.join(dir, name);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    src,
    prefix,
  ]);
  return `${prefix}.png`;
}
