/**
 * Search by the totals' amounts, answered from the cents every list row keeps in memory
 * (`ListFacts`) instead of a full-text index: a full-text entry would be rewritten on every
 * price or quantity edit, which was a third of such an edit's cost.
 *
 * Same matches as full-text search over the text "<initial> <recurring>", each amount as
 * `toFixed(2)` ("1234.50 99.00": words 1234, 50, 99, 00): the typed word split into words
 * the same way must appear in that order, the last one as a prefix.
 */

interface QueryWord {
  /** The word as typed: ASCII digits only. */
  text: string;
  value: number;
  /** Written as a whole number is (no leading zero), so it can equal an integer part. */
  asInteger: boolean;
}

/**
 * A predicate over a quote's initial and recurring total (cents), or null when the word
 * cannot match any amount (it has letters, or more words than the amounts text has).
 */
export function amountMatcher(
  word: string,
): ((initial: number, recurring: number) => boolean) | null {
  const words = word
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{Co}]+/u)
    .filter((w) => w.length > 0);
  if (words.length === 0 || words.length > 4) return null;
  if (!words.every((w) => /^[0-9]+$/.test(w))) return null;
  const q: QueryWord[] = words.map((text) => ({
    text,
    value: text.length <= 15 ? Number(text) : -1,
    asInteger: text === '0' || text[0] !== '0',
  }));
  const n = q.length;
  const last = q[n - 1]!;
  const tokens = new Float64Array(4);
  return (initial, recurring) => {
    const a = Math.abs(initial);
    const b = Math.abs(recurring);
    tokens[0] = Math.trunc(a / 100);
    tokens[1] = a % 100;
    tokens[2] = Math.trunc(b / 100);
    tokens[3] = b % 100;
    for (let j = 0; j + n <= 4; j++) {
      let ok = true;
      for (let k = 0; k < n - 1 && ok; k++) ok = equals(q[k]!, tokens[j + k]!, (j + k) % 2 === 1);
      if (ok && startsWith(tokens[j + n - 1]!, (j + n - 1) % 2 === 1, last)) return true;
    }
    return false;
  };
}

/** Whether the word is the token: a whole number, or two digits of cents. */
function equals(w: QueryWord, token: number, cents: boolean): boolean {
  if (w.value < 0) return false;
  if (cents) return w.text.length === 2 && w.value === token;
  return w.asInteger && w.value === token;
}

/** Whether the token, written out, starts with the word. */
function startsWith(token: number, cents: boolean, w: QueryWord): boolean {
  if (w.value < 0) return false;
  const len = w.text.length;
  if (cents) {
    if (len === 1) return Math.trunc(token / 10) === w.value;
    return len === 2 && token === w.value;
  }
  if (!w.asInteger) return false;
  if (w.text === '0') return token === 0;
  let digits = 1;
  for (let p = 10; token >= p; p *= 10) digits++;
  if (digits < len) return false;
  return Math.trunc(token / 10 ** (digits - len)) === w.value;
}
