// Reads every file under a folder as raw bytes and counts where given texts occur: what a
// stolen laptop or a copied backup would show of a store.
import fs from 'node:fs';
import path from 'node:path';

export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/** `text → files holding it` (UTF-8, and the lower-case form a full-text index keeps). */
export function hitsOnDisk(dir: string, texts: string[]): Map<string, string[]> {
  const hits = new Map<string, string[]>();
  const files = filesUnder(dir).map((f) => ({ f, bytes: fs.readFileSync(f) }));
  for (const t of texts) {
    const found = files
      .filter(({ bytes }) => bytes.includes(t) || bytes.includes(t.toLowerCase()))
      .map(({ f }) => path.relative(dir, f));
    if (found.length) hits.set(t, found);
  }
  return hits;
}
