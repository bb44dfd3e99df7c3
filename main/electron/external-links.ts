// Every way a link leaves the app — a navigation, a new window, `app.openExternal` — goes
// through one opener with one check (`linkRefusal`: https, right after the user's gesture).
import { shell } from 'electron';
import { errorFields, type Logger } from '../core/log';
import { linkRefusal, type GestureGate } from './user-gesture';

/** Opens `url` in the OS browser when the check allows it; otherwise says why not (and logs it). */
export type LinkOpener = (
  url: string,
  via: 'navigation' | 'new-window' | 'openExternal',
) => string | null;

export function linkOpener(gestures: GestureGate, log: Logger): LinkOpener {
  return (url, via) => {
    const refusal = linkRefusal(url, gestures, Date.now());
    if (refusal) {
      log.warn('link.refused', { via, reason: refusal });
      return refusal;
    }
    shell
      .openExternal(url)
      .catch((error: unknown) => log.warn('link.open_failed', errorFields(error)));
    return null;
  };
}
