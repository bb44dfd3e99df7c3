import { isOpenableExternal } from './navigation';

/**
 * `app.openExternal` needs a user gesture: a key press or a click in the window shortly
 * before, and one gesture opens at most one link, so a page gone wrong cannot open
 * browser tabs on its own.
 */
export class GestureGate {
  private lastGestureAt: number | null = null;

  constructor(private readonly windowMs = 5_000) {}

  /** A key press or mouse click reached the window. */
  note(now: number): void {
    this.lastGestureAt = now;
  }

  /** True (and the gesture spent) when a gesture came within the window. */
  consume(now: number): boolean {
    const ok = this.lastGestureAt !== null && now - this.lastGestureAt <= this.windowMs;
    this.lastGestureAt = null;
    return ok;
  }
}

/** Input events that count as the user's: pressing a key, pressing a mouse button. */
export function isGestureInput(type: string): boolean {
  return type === 'keyDown' || type === 'rawKeyDown' || type === 'mouseDown';
}

/**
 * The one check for every way a link leaves the app (a navigation, a new window, the
 * `app.openExternal` call): https only, and only right after the user's own key press or
 * click. Null when it may open (the gesture is then spent); otherwise why not.
 */
export function linkRefusal(url: string, gestures: GestureGate, now: number): string | null {
  if (!isOpenableExternal(url)) return 'Only https links open outside Quotedesk.';
  if (!gestures.consume(now)) return 'A link opens only when you click it or press a key.';
  return null;
}
