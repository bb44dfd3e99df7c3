// Which entity of an add's answer is which of those sent. The spec gives no order for the
// arrays an add answers, so an answer is paired with what was sent by what it holds (exact
// fingerprint, then what no server can change), and by position only when that cannot tell.
export interface Marks {
  strong: string;
  weak: string;
}

/** For each wanted entity, in order, its answer (undefined: the answer holds fewer). */
export function pairAnswers<T>(
  wanted: Marks[],
  answers: T[],
  marksOf: (a: T) => Marks,
): (T | undefined)[] {
  const marks = answers.map(marksOf);
  const used = new Set<number>();
  const out: (T | undefined)[] = wanted.map(() => undefined);
  const pass = (same: (w: Marks, a: Marks) => boolean) => {
    wanted.forEach((w, i) => {
      if (out[i] !== undefined) return;
      const j = marks.findIndex((a, n) => !used.has(n) && same(w, a));
      if (j >= 0) {
        used.add(j);
        out[i] = answers[j];
      }
    });
  };
  pass((w, a) => w.strong === a.strong);
  pass((w, a) => w.weak === a.weak);
  pass(() => true);
  return out;
}
