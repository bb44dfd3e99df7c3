// A part of the window whose code loads on first use (a dialog, the lock screen) is mounted from
// the first time it is wanted and stays mounted after, as it was when it loaded with the window:
// its state and its closing (focus given back) behave the same.
import { useState } from 'react';

/** True from the first render in which `wanted` is, and ever after. */
export function useOnceWanted(wanted: boolean): boolean {
  const [was, setWas] = useState(wanted);
  if (wanted && !was) setWas(true);
  return was || wanted;
}
