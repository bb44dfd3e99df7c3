/**
 * Turns what a user typed into a query for the row ids of matching quotes: every word must
 * match, each as a prefix (search as you type). Words are quoted, so FTS5 syntax typed by a
 * user (AND, NEAR, *, column filters) is plain text. Words with a digit may also match the
 * totals' amounts (their own index). Returns null when nothing searchable is left.
 */
export function searchQuery(search: string): { sql: string; params: string[] } | null {
  const terms = search
    .split(/\s+/)
    .map((t) => t.replace(/"/g, ''))
    .filter((t) => /[\p{L}\p{N}]/u.test(t))
    .map((t) => ({ expr: `"${t}"*`, numeric: /\d/.test(t) }));
  if (terms.length === 0) return null;
  const text = terms.filter((t) => !t.numeric).map((t) => t.expr);
  const numeric = terms.filter((t) => t.numeric).map((t) => t.expr);
  const main = 'SELECT rowid FROM quote_search WHERE quote_search MATCH ?';
  if (numeric.length === 0) return { sql: main, params: [text.join(' AND ')] };
  const parts: string[] = [];
  const params: string[] = [];
  if (text.length) {
    parts.push(`SELECT rowid FROM (${main})`);
    params.push(text.join(' AND '));
  }
  for (const n of numeric) {
    parts.push(
      `SELECT rowid FROM (${main} UNION SELECT rowid FROM quote_amounts WHERE quote_amounts MATCH ?)`,
    );
    params.push(n, n);
  }
  return { sql: parts.join(' INTERSECT '), params };
}
