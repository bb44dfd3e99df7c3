/**
 * Turns what a user typed into a query for the row ids of matching quotes: every word must
 * match, each as a prefix (search as you type). Words are quoted, so FTS5 syntax typed by a
 * user (AND, NEAR, *, column filters) is plain text.
 * - A word with a dash ("MST-M365", "Q-2026-00") is looked up whole in the codes index
 *   (client names, reference codes, product names and SKUs, dashes kept inside words).
 * - A word with a digit may also match the totals' amounts: `amounts` gives the row ids
 *   whose amounts match it (kept in memory, see `amount-search.ts`).
 * Returns null when nothing searchable is left.
 */
export function searchQuery(
  search: string,
  amounts: (word: string) => number[],
): { sql: string; params: string[] } | null {
  const words = search
    .split(/\s+/)
    .map((t) => t.replace(/"/g, '').replace(/^-+|-+$/g, ''))
    .filter((t) => /[\p{L}\p{N}]/u.test(t));
  if (words.length === 0) return null;
  const main = 'SELECT rowid FROM quote_search WHERE quote_search MATCH ?';
  const text: string[] = [];
  const parts: { sql: string; params: string[] }[] = [];
  for (const w of words) {
    const expr = `"${w}"*`;
    if (w.includes('-')) {
      parts.push({
        sql: 'SELECT rowid FROM quote_codes WHERE quote_codes MATCH ?',
        params: [expr],
      });
    } else if (/\d/.test(w)) {
      const rows = amounts(w);
      parts.push(
        rows.length
          ? {
              sql: `${main} UNION SELECT value FROM json_each(?)`,
              params: [expr, JSON.stringify(rows)],
            }
          : { sql: main, params: [expr] },
      );
    } else text.push(expr);
  }
  if (text.length) parts.unshift({ sql: main, params: [text.join(' AND ')] });
  if (parts.length === 1) return parts[0]!;
  return {
    sql: parts.map((p) => `SELECT rowid FROM (${p.sql})`).join(' INTERSECT '),
    params: parts.flatMap((p) => p.params),
  };
}
