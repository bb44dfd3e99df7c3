import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  /** Element to focus first; defaults to the first focusable element in the body. */
  initialFocus?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A modal dialog: traps focus, closes on Escape, gives focus back to where it came from. */
export function Dialog({
  title,
  open,
  onClose,
  children,
  footer,
  wide,
  initialFocus,
}: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const box = ref.current;
    const previous = openerOf(box);
    const first = initialFocus
      ? box?.querySelector<HTMLElement>(initialFocus)
      : (box?.querySelector('.dialog-body')?.querySelector<HTMLElement>(FOCUSABLE) ??
        box?.querySelector<HTMLElement>(FOCUSABLE));
    (first ?? box)?.focus();
    const onKey = (e: KeyboardEvent) => {
      // Listening on the document: focus may be on nothing when the focused control went away.
      if (e.key === 'Escape' && !e.defaultPrevented && !pickerHad.has(e)) {
        e.preventDefault();
        e.stopPropagation();
        onCloseRef.current();
      } else if (e.key === 'Tab' && box) {
        const items = Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE));
        if (items.length === 0) return;
        const firstEl = items[0]!;
        const lastEl = items[items.length - 1]!;
        if (e.shiftKey && document.activeElement === firstEl) {
          e.preventDefault();
          lastEl.focus();
        } else if (!e.shiftKey && document.activeElement === lastEl) {
          e.preventDefault();
          firstEl.focus();
        }
      }
    };
    // Looked at before the picker handles the key: by the time the key reaches the document
    // the picker has already closed and cleared itself.
    const pickerHad = new WeakSet<KeyboardEvent>();
    const onKeyFirst = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && ownsEscape(e.target)) pickerHad.add(e);
    };
    document.addEventListener('keydown', onKeyFirst, true);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKeyFirst, true);
      document.removeEventListener('keydown', onKey);
      returnFocus(previous);
    };
  }, [open, initialFocus]);

  if (!open) return null;
  return (
    <div className="overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`dialog ${wide ? 'dialog-wide' : ''}`}
      >
        <header className="dialog-header">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-icon"
            aria-label="Close"
            onClick={onClose}
          >
            ✕
          </button>
        </header>
        <div className="dialog-body">{children}</div>
        {footer && <footer className="dialog-footer">{footer}</footer>}
      </div>
    </div>
  );
}

/**
 * The controls the user last pressed or focused, newest last. The opener is read from here
 * rather than from `document.activeElement` when the dialog opens: by then a field inside the
 * dialog may have taken focus already (its own autofocus runs first), and a pressed control
 * is not always focused by the press (a macOS habit, and react-aria's pressables).
 */
const recent: HTMLElement[] = [];
let tracking = false;

function track(): void {
  if (tracking) return;
  tracking = true;
  const note = (el: Element | null) => {
    if (!(el instanceof HTMLElement) || el === document.body) return;
    const i = recent.indexOf(el);
    if (i >= 0) recent.splice(i, 1);
    recent.push(el);
    if (recent.length > 8) recent.shift();
  };
  document.addEventListener('focusin', (e) => note(e.target as Element | null), true);
  document.addEventListener(
    'pointerdown',
    (e) => note((e.target as Element | null)?.closest?.(FOCUSABLE) ?? null),
    true,
  );
}

// From the start: the first dialog's opener is pressed before any dialog exists.
if (typeof document !== 'undefined') track();

function openerOf(box: HTMLElement | null): HTMLElement | null {
  for (let i = recent.length - 1; i >= 0; i--) {
    const el = recent[i]!;
    if (!box?.contains(el)) return el;
  }
  const active = document.activeElement as HTMLElement | null;
  return active && !box?.contains(active) && active !== document.body ? active : null;
}

/**
 * Gives focus back to the control that opened a dialog. What the dialog changed often
 * re-renders that control as a new element (a row's button after an item was added): then
 * the control with the same name takes focus, and only if there is none, the screen's heading.
 */
function returnFocus(previous: HTMLElement | null): void {
  const target = previous?.isConnected ? previous : previous ? sameControl(previous) : null;
  const fallback = document.querySelector<HTMLElement>('main h1');
  // After React has finished removing the dialog, so nothing takes focus back from us.
  setTimeout(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    if (target?.isConnected) target.focus();
    else if (fallback?.isConnected) {
      fallback.tabIndex = -1;
      fallback.focus();
    }
  }, 0);
  if (target?.isConnected) target.focus();
}

function sameControl(el: HTMLElement): HTMLElement | null {
  const label = el.getAttribute('aria-label');
  const text = el.textContent?.trim();
  for (const c of document.querySelectorAll<HTMLElement>(el.tagName)) {
    if (label ? c.getAttribute('aria-label') === label : c.textContent?.trim() === text) return c;
  }
  return null;
}

/**
 * An open picker (or one holding a search) takes Escape for itself: the first Escape closes
 * its list and clears it, the next one closes the dialog, as the ARIA combobox pattern has it.
 */
function ownsEscape(target: EventTarget | null): boolean {
  const el = target as HTMLInputElement | null;
  if (!el?.getAttribute || el.getAttribute('role') !== 'combobox') return false;
  return el.getAttribute('aria-expanded') === 'true' || !!el.value;
}
