import { useState } from 'react';
import { HEADER_TEXT_FIELDS, type HeaderTextField } from '../../common/api/kinds';
import type { QuoteDetail } from '../../common/ipc/shapes';
import { dateInputToIso, isoToDateInput, localDateText } from '../format';
import { useEditor } from '../state/editor';
import { TextArea, TextField } from '../ui';
import { LiveField } from './live-commit';

/** Before today where the user is: a quote cannot be made to expire in the past. */
function isPast(iso: string): boolean {
  return isoToDateInput(iso) < localDateText(new Date());
}

type Field = HeaderTextField;

/** Header texts: committed as they are typed, one undo step per visit of a field. */
export function HeaderForm({ detail }: { detail: QuoteDetail }) {
  const h = detail.header;
  const errors = useEditor((s) => s.errors);
  const run = useEditor((s) => s.run);
  const setError = useEditor((s) => s.setError);
  const [values, setValues] = useState({
    expiresOn: isoToDateInput(h.expiresOn),
    introMessage: h.introMessage,
    termsAndDisclaimers: h.termsAndDisclaimers,
  });
  const [dirty, setDirty] = useState<Partial<Record<Field, boolean>>>({});

  // Take the stored values when they change underneath (undo, sync) unless being typed in.
  const [seen, setSeen] = useState(h);
  if (HEADER_TEXT_FIELDS.some((f) => seen[f] !== h[f])) {
    setSeen(h);
    setValues((v) => ({
      expiresOn: dirty.expiresOn ? v.expiresOn : isoToDateInput(h.expiresOn),
      introMessage: dirty.introMessage ? v.introMessage : h.introMessage,
      termsAndDisclaimers: dirty.termsAndDisclaimers
        ? v.termsAndDisclaimers
        : h.termsAndDisclaimers,
    }));
  }

  // One committer per field: it holds what is typed and the call in flight.
  const [live] = useState<Record<Field, LiveField>>(() => ({
    expiresOn: new LiveField(),
    introMessage: new LiveField(),
    termsAndDisclaimers: new LiveField(),
  }));

  const commit = async (field: Field, visit: string) => {
    const quoteId = h.id;
    const key = `header:${field}`;
    const f = live[field];
    const text = f.value;
    let value: string | null = text;
    if (field === 'expiresOn') {
      value = dateInputToIso(text);
      if (!value) {
        setError(key, 'Expiry date is required');
        return;
      }
      if (isPast(value)) {
        setError(key, 'Expiry date cannot be in the past');
        return;
      }
    }
    // The stored value as of now (an earlier call of this visit may have just landed).
    const now = useEditor.getState().detail?.header ?? h;
    const stored = field === 'expiresOn' ? now.expiresOn : now[field];
    if (value === stored) {
      setError(key, null);
      setDirty((d) => ({ ...d, [field]: false }));
      return;
    }
    const ok = await run('quotes.updateHeader', { quoteId, [field]: value, coalesce: visit }, key);
    // Typed on meanwhile: the next call sends that, and the field stays the user's.
    if (ok && f.value === text) setDirty((d) => ({ ...d, [field]: false }));
  };

  const bind = (field: Field) => ({
    value: values[field],
    disabled: !detail.editable,
    error: errors[`header:${field}`],
    onFocus: () => live[field].enter(),
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [field]: value }));
      setDirty((d) => ({ ...d, [field]: true }));
      void live[field].push(value, (visit) => commit(field, visit));
    },
    onBlur: () => {
      live[field].leave(h.id);
      if (dirty[field]) void live[field].push(values[field], (visit) => commit(field, visit));
    },
  });

  return (
    <section className="card card-pad" aria-labelledby="header-h">
      <h2 id="header-h">Quote</h2>
      <div className="header-grid">
        <TextField label="Client" value={h.client.name} readOnly disabled />
        <TextField label="Expires on" type="date" {...bind('expiresOn')} />
        <TextArea label="Introduction" rows={3} {...bind('introMessage')} />
        <TextArea label="Terms and disclaimers" rows={3} {...bind('termsAndDisclaimers')} />
      </div>
    </section>
  );
}
