// Present mode takes the whole screen while it is open: the window goes full screen (the
// Fullscreen API; in the desktop app that is the window itself, on whichever display it is
// on), and Escape leaves. A browser that leaves full screen on Escape by itself does not pass
// the key on, so leaving full screen ends present mode too.
import { useEffect, useRef } from 'react';

export function useFullScreenWhileOpen(leave: () => void): void {
  const leaveRef = useRef(leave);
  useEffect(() => {
    leaveRef.current = leave;
  });
  useEffect(() => {
    let entered = false;
    const root = document.documentElement;
    // Refused without a recent click or key (or where full screen is not allowed): the page
    // still fills the window, which is what matters.
    if (root.requestFullscreen && !document.fullscreenElement) {
      root.requestFullscreen().then(
        () => (entered = true),
        () => {},
      );
    }
    const onChange = () => {
      if (entered && !document.fullscreenElement) leaveRef.current();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) {
        e.preventDefault();
        leaveRef.current();
      }
    };
    document.addEventListener('fullscreenchange', onChange);
    window.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      window.removeEventListener('keydown', onKey);
      entered = false;
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    };
  }, []);
}
