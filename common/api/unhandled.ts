// The end of every exhaustive dispatch on the closed lists of kinds.ts, in a file of its own
// (no schemas) so code that only computes, such as the totals, loads without zod.

/** The end of an exhaustive `switch`: a value of a kind not handled fails to compile here. */
export function unhandled(value: never, what = 'kind'): never {
  throw new Error(`unhandled ${what}: ${String(value)}`);
}
