import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  type Key,
} from 'react-aria-components';

export interface ComboboxProps<T> {
  label: string;
  placeholder?: string;
  /** Called as the user types; may answer from an offline cache. */
  search: (text: string) => Promise<T[]>;
  optionKey: (item: T) => string;
  /** The option as plain text: its accessible name and what type-ahead matches. */
  optionText: (item: T) => string;
  renderOption: (item: T) => ReactNode;
  onPick: (item: T) => void;
  error?: string | null;
  autoFocus?: boolean;
  hint?: ReactNode;
}

/**
 * Type-to-search picker. The keyboard and ARIA behaviour (open state, arrows, Escape, Enter,
 * the active option announced) are react-aria's; this adds the search as the user types.
 * The list opens below the field, inside it (not in a layer of its own), so it stays in the
 * dialog it belongs to.
 */
// long: one component: its hooks, handlers and markup share its state
export function Combobox<T>({
  label,
  placeholder,
  search,
  optionKey,
  optionText,
  renderOption,
  onPick,
  error,
  autoFocus,
  hint,
}: ComboboxProps<T>) {
  const [text, setText] = useState('');
  const [items, setItems] = useState<T[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [slot, setSlot] = useState<HTMLDivElement | null>(null);
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

  const shownError = error ?? failure;
  const options = items.map((item) => ({ key: optionKey(item), item }));

  return (
    <ComboBox
      className={`field combo ${shownError ? 'field-invalid' : ''}`}
      items={options}
      inputValue={text}
      onInputChange={setText}
      // Picking is an action here, not a value the field keeps.
      selectedKey={null}
      onSelectionChange={(key: Key | null) => {
        const hit = options.find((o) => o.key === key);
        if (hit) onPick(hit.item);
        // No key: Escape reverted the field; its text goes back to empty and the list closes.
        else setText('');
      }}
      menuTrigger="input"
      allowsEmptyCollection
      isInvalid={!!shownError}
      autoFocus={autoFocus}
    >
      <Label className="field-label">{label}</Label>
      <Input className="input" placeholder={placeholder} autoComplete="off" />
      {hint && (
        <Text slot="description" className="field-hint">
          {hint}
        </Text>
      )}
      {shownError && (
        <Text slot="errorMessage" className="field-error" elementType="div">
          <span role="alert">{shownError}</span>
        </Text>
      )}
      <div ref={setSlot} />
      {slot && (
        // Placed in the field's own slot (styled to flow below the input), not at the end of
        // the page: the options stay inside the dialog that owns them.
        <Popover
          className="combo-pop"
          UNSTABLE_portalContainer={slot}
          isNonModal
          placement="bottom start"
          shouldFlip={false}
        >
          <ListBox
            className="combo-list"
            aria-busy={busy}
            renderEmptyState={() => (
              <div className="muted combo-option">{busy ? 'Searching…' : 'No matches'}</div>
            )}
          >
            {(o: { key: string; item: T }) => (
              <ListBoxItem id={o.key} textValue={optionText(o.item)} className="combo-option">
                {renderOption(o.item)}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      )}
    </ComboBox>
  );
}
