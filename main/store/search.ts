/**
 * Turns what a user typed into an FTS5 query: every word must match, the last characters
 * of each word as a prefix (search as you type). Words are quoted, so FTS5 syntax typed by
 * a user (AND, NEAR, *, column filters) is plain text. Returns null when nothing searchable
 * is left.
 */
export function ftsQuery(search: string): string | null {
  const terms = search
    .split(/\s+/)
    .map((t) => t.replace(/"/g, ''))
    .filter((t) => /[\p{L}\p{N}]/u.test(t));
  if (terms.length === 0) return null;
  return terms.map((t) => `"${t}"*`).join(' AND ');
}
