// The salesperson's marks: a line or a section made optional, sections grouped as
// alternatives ("choose one of", the first ticked chosen by default). Kept on this computer;
// main refuses a mark when some combination of choices would not fit in a quote, naming it.
import { useState } from 'react';
import type { OptionsView, QuoteDetail } from '../../common/ipc';
import { ipc } from '../ipc';
import { Button, SelectField, TextField } from '../ui';
import { attempt } from './use-options-view';

export function MarkForms({
  detail,
  view,
  setError,
}: {
  detail: QuoteDetail;
  view: OptionsView;
  setError: (m: string | null) => void;
}) {
  const quoteId = detail.header.id;
  const taken = new Set(view.options.flatMap((o) => o.lineItemIds));
  const lines = detail.lineItems.filter((l) => !l.requiredLineItemId && !taken.has(l.id));
  const sections = detail.sections.filter((s) => !s.lineItemIds.some((id) => taken.has(id)));
  const [line, setLine] = useState('');
  const [section, setSection] = useState('');
  const disabled = !detail.editable;
  return (
    <div className="stack">
      <div className="options-mark">
        <SelectField label="Line" value={line} onChange={(e) => setLine(e.currentTarget.value)}>
          <option value="">Choose a line…</option>
          {lines.map((l) => (
            <option key={l.id} value={l.id}>
              {l.product.name}
            </option>
          ))}
        </SelectField>
        <Button
          disabled={disabled || !line}
          onClick={() =>
            void attempt(
              () => ipc().call('options.markLine', { quoteId, lineItemId: line }),
              setError,
            ).then(() => setLine(''))
          }
        >
          Make line optional
        </Button>
      </div>
      <div className="options-mark">
        <SelectField
          label="Section"
          value={section}
          onChange={(e) => setSection(e.currentTarget.value)}
        >
          <option value="">Choose a section…</option>
          {sections.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <Button
          disabled={disabled || !section}
          onClick={() =>
            void attempt(
              () => ipc().call('options.markSection', { quoteId, sectionId: section }),
              setError,
            ).then(() => setSection(''))
          }
        >
          Make section optional
        </Button>
      </div>
      <GroupForm quoteId={quoteId} sections={sections} disabled={disabled} setError={setError} />
    </div>
  );
}

/** Sections grouped as alternatives; the first ticked is chosen by default. */
function GroupForm({
  quoteId,
  sections,
  disabled,
  setError,
}: {
  quoteId: string;
  sections: QuoteDetail['sections'];
  disabled: boolean;
  setError: (m: string | null) => void;
}) {
  const [groupName, setGroupName] = useState('Choose one of');
  const [grouped, setGrouped] = useState<string[]>([]);
  return (
    <fieldset className="options-alternatives" disabled={disabled}>
      <legend>Alternatives: sections the client picks one of</legend>
      <TextField
        label="Heading"
        value={groupName}
        onChange={(e) => setGroupName(e.currentTarget.value)}
      />
      {sections.map((s) => (
        <label key={s.id} className="options-check">
          <input
            type="checkbox"
            checked={grouped.includes(s.id)}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setGrouped((g) => (on ? [...g, s.id] : g.filter((x) => x !== s.id)));
            }}
          />
          {s.name}
        </label>
      ))}
      <p className="muted">The first section ticked is chosen until the client picks another.</p>
      <Button
        disabled={grouped.length < 2}
        onClick={() =>
          void attempt(
            () =>
              ipc().call('options.group', {
                quoteId,
                name: groupName,
                sectionIds: grouped,
                chosenSectionId: grouped[0]!,
              }),
            setError,
          ).then(() => setGrouped([]))
        }
      >
        Group as alternatives
      </Button>
    </fieldset>
  );
}
