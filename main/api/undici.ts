// undici, loaded on the first request rather than with the app: evaluating it is ~50 ms of a
// start's CPU, and a start that lists the local store sends nothing.
let undici: Promise<typeof import('undici')> | undefined;

export function loadUndici(): Promise<typeof import('undici')> {
  undici ??= import('undici');
  return undici;
}
