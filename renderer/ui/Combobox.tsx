import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface ComboboxProps<T> {
  label: string;
  placeholder?: string;
  /** Called as the user types; may answer from an offline cache. */
  search: (text: string) => Promise<T[]>;
  optionKey: (item: T) => string;
  renderOption: (item: T) => ReactNode;
  onPick: (item: T) => void;
  error?: string | null;
  autoFocus?: boolean;
  hint?: ReactNode;
}

/** Type-to-search picker following the ARIA combobox pattern (list always shown below). */
export function Combobox<T>({
  label,
  placeholder,
  search,
  optionKey,
  renderOption,
  onPick,
  error,
  autoFocus,
  hint,
}: ComboboxProps<T>) {
  const id = useId();
  const [text, setText] = useState('');
  const [items, setItems] = useState<T[]>([]);
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const seq = useRef(0);
  const searchRef = useRef(search);
  useEffect(() => {
    searchRef.current = search;
  });

  useEffect(() => {
    const my = ++seq.current;
    const t = setTimeout(
      () => {
        setBusy(true);
        searchRef
          .current(text)
          .then((r) => {
            if (my !== seq.current) return;
            setItems(r);
            setActive(0);
            setFailure(null);
          })
          .catch((e: unknown) => {
            if (my === seq.current) setFailure(e instanceof Error ? e.message : String(e));
          })
          .finally(() => my === seq.current && setBusy(false));
      },
      text ? 120 : 0,
    );
    return () => clearTimeout(t);
  }, [text]);

  const listId = `${id}-list`;
  const optId = (i: number) => `${id}-opt-${i}`;
  const shownError = error ?? failure;

  return (
    <div className={`field combo ${shownError ? 'field-invalid' : ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        className="input"
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={items.length ? optId(active) : undefined}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${id}-err` : undefined}
        placeholder={placeholder}
        autoFocus={autoFocus}
        value={text}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => Math.min(a + 1, items.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Enter' && items[active]) {
            e.preventDefault();
            onPick(items[active]!);
          }
        }}
      />
      {hint && <div className="field-hint">{hint}</div>}
      {shownError && (
        <div id={`${id}-err`} className="field-error" role="alert">
          {shownError}
        </div>
      )}
      <ul id={listId} role="listbox" aria-label={label} className="combo-list" aria-busy={busy}>
        {items.map((item, i) => (
          <li
            key={optionKey(item)}
            id={optId(i)}
            role="option"
            aria-selected={i === active}
            className="combo-option"
            onMouseEnter={() => setActive(i)}
            onMouseDown={(e) => {
              e.preventDefault();
              onPick(item);
            }}
          >
            {renderOption(item)}
          </li>
        ))}
        {!busy && items.length === 0 && <li className="muted combo-option">No matches</li>}
      </ul>
    </div>
  );
}
