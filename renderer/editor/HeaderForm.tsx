import { useState } from 'react';
import type { QuoteDetail } from '../../common/ipc/shapes';
import { ipc } from '../bridge';
import { dateInputToIso, isoToDateInput } from '../format';
import { useEditor } from '../state/editor';
import { TextArea, TextField } from '../ui';

/** Before today (UTC): a quote cannot be made to expire in the past. */
function isPast(iso: string): boolean {
  return iso.slice(0, 10) < new Date().toISOString().slice(0, 10);
}

type Field = 'expiresOn' | 'introMessage' | 'termsAndDisclaimers';

/** Header texts: edited freely, committed when the field is left. */
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
  if (
    seen.expiresOn !== h.expiresOn ||
    seen.introMessage !== h.introMessage ||
    seen.termsAndDisclaimers !== h.termsAndDisclaimers
  ) {
    setSeen(h);
    setValues((v) => ({
      expiresOn: dirty.expiresOn ? v.expiresOn : isoToDateInput(h.expiresOn),
      introMessage: dirty.introMessage ? v.introMessage : h.introMessage,
      termsAndDisclaimers: dirty.termsAndDisclaimers
        ? v.termsAndDisclaimers
        : h.termsAndDisclaimers,
    }));
  }

  const commit = async (field: Field) => {
    if (!dirty[field]) return;
    const quoteId = h.id;
    const key = `header:${field}`;
    let value: string | null = values[field];
    if (field === 'expiresOn') {
      value = dateInputToIso(values.expiresOn);
      if (!value) {
        setError(key, 'Expiry date is required');
        return;
      }
      if (isPast(value)) {
        setError(key, 'Expiry date cannot be in the past');
        return;
      }
    }
    const ok = await run(() => ipc().call('quotes.updateHeader', { quoteId, [field]: value }), key);
    if (ok) setDirty((d) => ({ ...d, [field]: false }));
  };

  const bind = (field: Field) => ({
    value: values[field],
    disabled: !detail.editable,
    error: errors[`header:${field}`],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      setDirty((d) => ({ ...d, [field]: true }));
    },
    onBlur: () => void commit(field),
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
