// How a round stops early: read the server again, or try again later.
import { failureOf, type Failure } from './errors';

/** Stops the round: read the server again and recompute from what is really there. */
export class Reread extends Error {
  constructor(
    readonly failure: Failure | null,
    readonly why: string,
  ) {
    super(why);
  }
}
/** Stops the round for later (transient failure). */
export class Later extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

export function fail(e: unknown): never {
  const f = failureOf(e);
  if (!f) throw e;
  if (f.kind === 'unknown' || f.transient) throw new Later(f);
  throw new Reread(f, f.message);
}
