// The add-item dialog's form for a Custom line: an item of the partner's own, not from the catalogue.
import { useState } from 'react';
import { CustomBillingTerm } from '../../common/api/enums';
import { LIMITS } from '../../common/api/limits';
import { centsToAmount, lineTotalsCents, suggestedPrice } from '../../common/money';
import { CustomProductName, CustomProductSku, type QuoteDetail } from '../../common/ipc/shapes';
import { Button, SelectField, TextField } from '../ui';
import { parseAmount, parseQuantity, priceText } from './numbers';
import { NoteField, QuantityField, submit, type Errors } from './item-fields';

// long: one form: eight inputs, their checks and the one add call read the same values
export function CustomItemForm({
  detail,
  sectionId,
  onDone,
}: {
  detail: QuoteDetail;
  sectionId: string | null;
  onDone: () => void;
}) {
  const [productName, setName] = useState('');
  const [productSku, setSku] = useState('');
  const [billingTerm, setBillingTerm] = useState<CustomBillingTerm>('One-Time');
  const [quantity, setQuantity] = useState('1');
  const [cost, setCost] = useState('0');
  const [price, setPrice] = useState('');
  const [setupFee, setSetupFee] = useState('0');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const margin = detail.header.salesMarginPercentage ?? 0;
  const oneTime = billingTerm === 'One-Time';

  const add = async () => {
    const errs: Errors = {};
    const n = CustomProductName.safeParse(productName.trim());
    if (!n.success) errs.productName = `Name ${n.error.issues[0]?.message ?? 'is not valid'}`;
    const s = CustomProductSku.safeParse(productSku.trim());
    if (!s.success) errs.productSku = `SKU ${s.error.issues[0]?.message ?? 'is not valid'}`;
    const q = parseQuantity(quantity);
    if (!q.ok) errs.quantity = q.error;
    const c = parseAmount(cost, 'Cost');
    if (!c.ok) errs.cost = c.error;
    const p = parseAmount(price, 'Price');
    if (!p.ok) errs.price = p.error;
    const f = oneTime ? null : parseAmount(setupFee, 'Setup fee');
    if (f && !f.ok) errs.initialTotal = f.error;
    if (note.length > LIMITS.noteMax)
      errs.note = `Note must be at most ${LIMITS.noteMax} characters`;
    setErrors(errs);
    if (Object.keys(errs).length || !q.ok || !c.ok || !p.ok) return;
    // A one-time item's initial total is its whole amount; a recurring one's is its setup fee.
    const initialTotal = oneTime
      ? centsToAmount(
          lineTotalsCents({
            kind: 'Custom',
            billingTerm,
            price: p.value,
            unitCost: c.value,
            quantity: q.value,
          }).initialTotal,
        )
      : billingTerm === 'Trial'
        ? 0
        : f && f.ok
          ? f.value
          : 0;
    setBusy(true);
    const ok = await submit(
      detail,
      [
        {
          type: 'Custom',
          productName: productName.trim(),
          productSku: productSku.trim() || undefined,
          billingTerm,
          quantity: q.value,
          cost: c.value,
          price: p.value,
          initialTotal,
          note: note || undefined,
        },
      ],
      sectionId,
      setErrors,
    );
    setBusy(false);
    if (ok) onDone();
  };

  return (
    <form
      className="form-grid"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <TextField
        label="Name"
        className="span-2"
        autoFocus
        value={productName}
        maxLength={LIMITS.productNameMax}
        error={errors.productName}
        hint="Letters, digits and spaces; up to 255 characters."
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label="SKU"
        value={productSku}
        maxLength={LIMITS.productSkuMax}
        error={errors.productSku}
        hint="Optional. Letters, digits and dashes."
        onChange={(e) => setSku(e.target.value)}
      />
      <SelectField
        label="Billing term"
        value={billingTerm}
        onChange={(e) => setBillingTerm(e.target.value as CustomBillingTerm)}
      >
        {CustomBillingTerm.options.map((t) => (
          <option key={t}>{t}</option>
        ))}
      </SelectField>
      <QuantityField value={quantity} error={errors.quantity} onChange={setQuantity} />
      <TextField
        label="Unit cost"
        inputMode="decimal"
        value={cost}
        error={errors.cost}
        onChange={(e) => {
          setCost(e.target.value);
          const c = parseAmount(e.target.value, 'Cost');
          if (c.ok && margin > 0 && !price)
            setPrice(priceText(suggestedPrice(c.value, margin) ?? c.value));
        }}
      />
      <TextField
        label="Unit price"
        inputMode="decimal"
        value={price}
        error={errors.price}
        hint={margin > 0 ? `Quote margin is ${margin}%.` : undefined}
        onChange={(e) => setPrice(e.target.value)}
      />
      {!oneTime && billingTerm !== 'Trial' && (
        <TextField
          label="Setup fee (initial)"
          inputMode="decimal"
          value={setupFee}
          error={errors.initialTotal}
          onChange={(e) => setSetupFee(e.target.value)}
        />
      )}
      <NoteField value={note} error={errors.note} onChange={setNote} />
      {errors._form && (
        <p className="field-error span-all" role="alert">
          {errors._form}
        </p>
      )}
      <div className="row span-all" style={{ justifyContent: 'flex-end' }}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={busy}>
          Add item
        </Button>
      </div>
    </form>
  );
}
