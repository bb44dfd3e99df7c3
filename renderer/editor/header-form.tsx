import { HEADER_TEXT_FIELDS, type HeaderTextField } from '../../common/api/kinds';
import type { QuoteDetail } from '../../common/ipc/shapes';
import { dateInputToIso, isoToDateInput, localDateText } from '../format';
import { useEditor } from '../state/editor';
import { TextArea, TextField } from '../ui';
import { useFieldEdit, type Checked } from './use-field-edit';

/** The drafts and errors of the header's fields are kept under this owner. */
const HEADER = 'header';

/** Before today where the user is: a quote cannot be made to expire in the past. */
function isPast(iso: string): boolean {
  return isoToDateInput(iso) < localDateText(new Date());
}

function checkExpiry(text: string): Checked<string> {
  const iso = dateInputToIso(text);
  if (!iso) return { ok: false, error: 'Expiry date is required' };
  if (isPast(iso)) return { ok: false, error: 'Expiry date cannot be in the past' };
  return { ok: true, value: iso };
}

const asTyped = (text: string): Checked<string> => ({ ok: true, value: text });

/** One header field, saved as it is typed (use-field-edit.ts): one undo step per visit. */
function useHeaderField(detail: QuoteDetail, field: HeaderTextField) {
  const h = detail.header;
  const date = field === 'expiresOn';
  const edit = useFieldEdit<string>({
    save: { call: 'quotes.updateHeader', quoteId: h.id },
    owner: HEADER,
    field,
    siblings: HEADER_TEXT_FIELDS,
    shown: date ? isoToDateInput(h.expiresOn) : h[field],
    check: date ? checkExpiry : asTyped,
    stored: () => (useEditor.getState().detail?.header ?? h)[field],
  });
  return {
    value: edit.value,
    error: edit.error,
    disabled: !detail.editable,
    onFocus: edit.enter,
    onChange: (e: { target: { value: string } }) => edit.change(e.target.value),
    onBlur: edit.leave,
  };
}

/** Header texts: committed as they are typed, one undo step per visit of a field. */
export function HeaderForm({ detail }: { detail: QuoteDetail }) {
  const expiresOn = useHeaderField(detail, 'expiresOn');
  const intro = useHeaderField(detail, 'introMessage');
  const terms = useHeaderField(detail, 'termsAndDisclaimers');
  return (
    <section className="card card-pad" aria-labelledby="header-h">
      <h2 id="header-h">Quote</h2>
      <div className="header-grid">
        <TextField label="Client" value={detail.header.client.name} readOnly disabled />
        <TextField label="Expires on" type="date" {...expiresOn} />
        <TextArea label="Introduction" rows={3} {...intro} />
        <TextArea label="Terms and disclaimers" rows={3} {...terms} />
      </div>
    </section>
  );
}
