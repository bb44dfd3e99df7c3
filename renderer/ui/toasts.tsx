import { useRef } from 'react';
import { useToasts, type Toast } from './toast';

/**
 * Polite live region: messages are announced without stealing focus. It sits in the page's
 * flow above the status bar, so a notice takes room of its own and never covers a row's
 * buttons. A notice stays while the pointer or focus is on it.
 */
export function Toasts() {
  const toasts = useToasts((s) => s.toasts);
  /** Where focus was before it entered a notice: it goes back there when the notice goes. */
  const cameFrom = useRef<HTMLElement | null>(null);
  const region = useRef<HTMLDivElement>(null);
  return (
    <div
      ref={region}
      className="toasts"
      role="status"
      aria-live="polite"
      onFocus={(e) => {
        const from = e.relatedTarget as HTMLElement | null;
        if (from && !region.current?.contains(from)) cameFrom.current = from;
      }}
    >
      {toasts.map((t) => (
        <ToastView
          key={t.id}
          t={t}
          onGone={(hadFocus) => {
            // The notice held focus and is gone: focus goes back, not to the page body.
            if (!hadFocus) return;
            const back = cameFrom.current?.isConnected ? cameFrom.current : null;
            (back ?? document.querySelector<HTMLElement>('main h1'))?.focus();
          }}
        />
      ))}
    </div>
  );
}

function ToastView({ t, onGone }: { t: Toast; onGone: (hadFocus: boolean) => void }) {
  const { dismiss, hold, release } = useToasts.getState();
  const self = useRef<HTMLDivElement>(null);
  const done = () => {
    const hadFocus = !!self.current?.contains(document.activeElement);
    dismiss(t.id);
    onGone(hadFocus);
  };
  return (
    <div
      ref={self}
      className={`toast toast-${t.kind}`}
      data-toast={t.id}
      onMouseEnter={() => hold(t.id)}
      onMouseLeave={(e) => {
        if (!e.currentTarget.contains(document.activeElement)) release(t.id);
      }}
      onFocus={() => hold(t.id)}
      onBlur={(e) => {
        const next = e.relatedTarget as Node | null;
        if (!next || !e.currentTarget.contains(next)) {
          if (!e.currentTarget.matches(':hover')) release(t.id);
        }
      }}
    >
      <span>{t.message}</span>
      {t.action && (
        <button
          type="button"
          className="btn btn-sm btn-ghost toast-action"
          aria-keyshortcuts={t.action.shortcut}
          onClick={() => {
            t.action!.run();
            done();
          }}
        >
          {t.action.label}
        </button>
      )}
      <button
        type="button"
        className="btn btn-sm btn-ghost btn-icon"
        aria-label="Dismiss"
        onClick={done}
      >
        ✕
      </button>
    </div>
  );
}
