import { useContext, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  Button as AriaButton,
  ComboBox,
  ComboBoxStateContext,
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
  /** Called as the user types (with "" to browse); may answer from an offline cache. */
  search: (text: string) => Promise<T[]>;
  optionKey: (item: T) => string;
  /**
   * The option as plain text, its parts separated by spaces or commas: its accessible name
   * and what type-ahead matches.
   */
  optionText: (item: T) => string;
  renderOption: (item: T) => ReactNode;
  onPick: (item: T) => void;
  error?: string | null;
  autoFocus?: boolean;
  hint?: ReactNode;
}

/** What the list shows, and for which text: an answer for older text is not picked by Enter. */
interface Found<T> {
  text: string;
  items: T[];
}

/**
 * Type-to-search picker that can be browsed too: a click in the field or on its button opens
 * the list (the whole list while nothing is typed), as do typing and the arrow keys. Not a
 * Tab into it: react-aria hides the rest of the page from assistive technology while the list
 * is open, which a keyboard user passing through must not meet. The keyboard and ARIA behaviour (open state, arrows, Escape,
 * the active option announced) are react-aria's; this adds the search as the user types,
 * Enter on the only suggestion (react-aria would instead revert the field to empty), and keeps
 * the typed text when the list closes by itself (react-aria empties it unless it was Escape).
 * The list opens below the field, inside it (not in a layer of its own), so it stays in the
 * dialog it belongs to. "No matches" is a message beside the list, never an option.
 */
// long: the text, the search answer, the highlighted option and the popup slot move together
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
  const [found, setFound] = useState<Found<T>>({ text: '\u0000', items: [] });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [slot, setSlot] = useState<HTMLDivElement | null>(null);
  const seq = useRef(0);
  const searchRef = useRef(search);
  const onPickRef = useRef(onPick);
  /** Enter pressed before the suggestions for the typed text had arrived. */
  const enterWaiting = useRef<string | null>(null);
  /** Escape pressed: the one way the field's text is given up (reverted to empty). */
  const escaping = useRef(false);
  useEffect(() => {
    searchRef.current = search;
    onPickRef.current = onPick;
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
            setFound({ text, items: r });
            setFailure(null);
            if (enterWaiting.current === text) {
              enterWaiting.current = null;
              if (r.length === 1) onPickRef.current(r[0]!);
            }
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
  const current = found.text === text && !busy;
  // While the answer for what was typed is on its way, the last answer is narrowed to what
  // still matches, rather than shown whole under text it does not match.
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const shownItems =
    found.text === text
      ? found.items
      : found.items.filter((i) => {
          const t = optionText(i).toLowerCase();
          return words.every((w) => t.includes(w));
        });
  const options = shownItems.map((item) => ({ key: optionKey(item), item }));

  // Enter with no highlighted option: the only suggestion is picked (now, or as soon as the
  // suggestions for what was typed arrive); otherwise the text stays as typed.
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    escaping.current = e.key === 'Escape';
    if (e.key !== 'Enter' || e.currentTarget.getAttribute('aria-activedescendant')) return;
    e.preventDefault();
    e.stopPropagation();
    if (!text.trim()) return;
    if (current) {
      if (found.items.length === 1) onPick(found.items[0]!);
    } else enterWaiting.current = text;
  };

  const status =
    busy && !current ? 'Searching…' : current && text && !options.length ? 'No matches' : '';

  return (
    <ComboBox
      className={`field combo ${shownError ? 'field-invalid' : ''}`}
      items={options}
      inputValue={text}
      onInputChange={(t) => {
        enterWaiting.current = null;
        setText(t);
      }}
      // Picking is an action here, not a value the field keeps.
      selectedKey={null}
      onSelectionChange={(key: Key | null) => {
        const hit = options.find((o) => o.key === key);
        if (hit) onPick(hit.item);
        // No key: the list closed without a pick. After Escape the text goes back to empty;
        // closed any other way — focus left, the page behind scrolled — it stays as typed.
        else if (escaping.current) setText('');
        escaping.current = false;
      }}
      menuTrigger="input"
      allowsEmptyCollection
      isInvalid={!!shownError}
      autoFocus={autoFocus}
    >
      <Label className="field-label">{label}</Label>
      <div className="combo-control">
        <OpeningInput placeholder={placeholder} onKeyDownCapture={onKey} />
        <AriaButton className="btn btn-ghost btn-sm combo-button">
          <span aria-hidden="true">▾</span>
        </AriaButton>
      </div>
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
            className={`combo-list ${options.length ? '' : 'combo-list-empty'}`}
            aria-busy={busy}
          >
            {(o: { key: string; item: T }) => (
              <ListBoxItem
                id={o.key}
                textValue={optionText(o.item)}
                aria-label={optionText(o.item)}
                className="combo-option"
              >
                {renderOption(o.item)}
              </ListBoxItem>
            )}
          </ListBox>
          <div className="muted combo-status" role="status">
            {status}
          </div>
        </Popover>
      )}
    </ComboBox>
  );
}

/** The field; a click on it opens the list even when it already has focus. */
function OpeningInput({
  placeholder,
  onKeyDownCapture,
}: {
  placeholder?: string;
  onKeyDownCapture: (e: KeyboardEvent<HTMLInputElement>) => void;
}) {
  const state = useContext(ComboBoxStateContext);
  return (
    <Input
      className="input"
      placeholder={placeholder}
      autoComplete="off"
      onKeyDownCapture={onKeyDownCapture}
      onClick={() => {
        if (state && !state.isOpen) state.open(null, 'manual');
      }}
    />
  );
}
