// The add-item dialog's form for a catalogue product (Standard or usage-based), with its add-ons.
import { useEffect, useMemo, useRef, useState } from 'react';
import { UsageBasedType, type BillingTerm } from '../../common/api/enums';
import { LIMITS } from '../../common/api/limits';
import { suggestedPrice } from '../../common/money';
import {
  type AddLineItemInput,
  type CatalogueProduct,
  type CommitmentTerm,
  type ProductPrice,
  type QuoteDetail,
} from '../../common/ipc/shapes';
import { errorOf, ipc } from '../ipc';
import { formatMoney, formatUnit } from '../format';
import { Button, Combobox, SelectField, TextField } from '../ui';
import { amountText, parseAmount, parseQuantity, priceText } from './numbers';
import { NoteField, QuantityField, submit, type Errors } from './item-fields';

// long: product, price, term and add-on choices depend on each other and load as they change
export function CatalogueItemForm({
  detail,
  usage,
  sectionId,
  left,
  onDone,
}: {
  detail: QuoteDetail;
  usage: boolean;
  sectionId: string | null;
  left: number;
  onDone: () => void;
}) {
  const [product, setProduct] = useState<CatalogueProduct | null>(null);
  const [prices, setPrices] = useState<ProductPrice[]>([]);
  const [terms, setTerms] = useState<CommitmentTerm[]>([]);
  const [addOns, setAddOns] = useState<CatalogueProduct[]>([]);
  const [withAddOns, setWithAddOns] = useState<Record<string, boolean>>({});
  const [billingTerm, setBillingTerm] = useState<BillingTerm | ''>('');
  const [commitmentTermId, setCommitmentTermId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [price, setPrice] = useState('');
  const [cost, setCost] = useState('');
  const [usageType, setUsageType] = useState<UsageBasedType>('PRICE_FLAT');
  const [displayNote, setDisplayNote] = useState(false);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [loadingPrices, setLoadingPrices] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const pickSeq = useRef(0);
  const margin = detail.header.salesMarginPercentage ?? 0;
  const cur = detail.currency;

  useEffect(() => {
    ipc()
      .call('catalogue.commitmentTerms')
      .then((r) => setTerms(r.terms))
      .catch(() => setTerms([]));
  }, []);

  const pick = async (p: CatalogueProduct) => {
    const seq = ++pickSeq.current;
    setProduct(p);
    setErrors({});
    setPrices([]);
    setBillingTerm('');
    setPrice('');
    setLoadingPrices(true);
    try {
      const r = await ipc().call('catalogue.pricing', { productId: p.id });
      if (seq !== pickSeq.current) return;
      setLoadingPrices(false);
      setPrices(r.prices);
      // The search box is gone; keep the keyboard in the form.
      setTimeout(
        () =>
          formRef.current?.querySelector<HTMLInputElement>('input[inputmode="numeric"]')?.focus(),
        0,
      );
      const first = r.prices.find((x) => (usage ? x.usageBasedType : true)) ?? r.prices[0];
      // The product's own usage type is the default; the pricing may refine it.
      const own = (p as { usageBased?: { type?: UsageBasedType; displayNote?: boolean } })
        .usageBased;
      if (own?.type && !first?.usageBasedType) setUsageType(own.type);
      if (own?.displayNote !== undefined) setDisplayNote(own.displayNote);
      if (first) choose(first.billingTerm, r.prices, first.commitmentTermId ?? '');
      else
        setErrors({
          billingTerm: 'No prices are known for this product yet (connect once to load them).',
        });
    } catch (e) {
      setLoadingPrices(false);
      setErrors({ productId: errorOf(e).message });
    }
    try {
      const r = await ipc().call('catalogue.products', { size: 100 });
      setAddOns(r.content.filter((x) => x.requiresProductId === p.id));
    } catch {
      setAddOns([]);
    }
  };

  const priceFor = (term: string, commitment: string, list = prices) =>
    list.find((x) => x.billingTerm === term && (x.commitmentTermId ?? '') === commitment) ??
    list.find((x) => x.billingTerm === term);

  const choose = (term: BillingTerm, list = prices, commitment = '') => {
    setBillingTerm(term);
    const pp = priceFor(term, commitment, list);
    setCommitmentTermId(pp?.commitmentTermId ?? '');
    if (pp) {
      setCost(amountText(pp.cost));
      const s = suggestedPrice(pp.cost, margin);
      setPrice(priceText(s ?? pp.suggestedPrice ?? pp.cost));
      // The fields are filled now: an earlier "is required" beside them would be wrong.
      setErrors(({ price: _p, cost: _c, ...rest }) => rest);
      if (pp.usageBasedType) setUsageType(pp.usageBasedType);
    }
  };

  const current = billingTerm ? priceFor(billingTerm, commitmentTermId) : undefined;
  const termsForBilling = useMemo(
    () => prices.filter((x) => x.billingTerm === billingTerm && x.commitmentTermId),
    [prices, billingTerm],
  );
  const billingTerms = [...new Set(prices.map((x) => x.billingTerm))];
  const parentOnQuote = product?.requiresProductId
    ? detail.lineItems.find((i) => i.product.id === product.requiresProductId)
    : undefined;
  const chosenAddOns = addOns.filter((a) => withAddOns[a.id]);
  const count = 1 + chosenAddOns.length;

  const add = async () => {
    // Enter pressed while the prices are still on their way: they fill the fields first.
    if (loadingPrices) return;
    const errs: Errors = {};
    if (!product) errs.productId = 'Choose a product';
    if (!billingTerm) errs.billingTerm = 'Choose a billing term';
    const q = parseQuantity(quantity);
    if (!q.ok) errs.quantity = q.error;
    const p = parseAmount(price, 'Price');
    if (!p.ok) errs.price = p.error;
    const c = parseAmount(cost, 'Cost');
    if (usage && !c.ok) errs.cost = c.error;
    if (note.length > LIMITS.noteMax)
      errs.note = `Note must be at most ${LIMITS.noteMax} characters`;
    if (count > left)
      errs._form = `Only ${left} more item${left === 1 ? '' : 's'} fit on this quote (limit ${LIMITS.lineItems}).`;
    if (product?.requiresProductId && !parentOnQuote)
      errs.productId =
        'This is an add-on: add its parent product to the quote first, and choose this add-on with it.';
    setErrors(errs);
    if (Object.keys(errs).length || !product || !billingTerm || !q.ok || !p.ok) return;
    const base = {
      productId: product.id,
      billingTerm,
      quantity: q.value,
      price: p.value,
      note: note || undefined,
      commitmentTermId: commitmentTermId || undefined,
      requiredLineItemId: parentOnQuote?.id,
    };
    const main: AddLineItemInput = usage
      ? {
          type: 'UsageBased',
          ...base,
          cost: c.ok ? c.value : 0,
          usageBased: { type: usageType, displayNote },
        }
      : { type: 'Standard', ...base };
    const items: AddLineItemInput[] = [main];
    // Add-ons travel in the same request as their parent (the spec's rule 1).
    for (const a of chosenAddOns) {
      const ap = await ipc()
        .call('catalogue.pricing', { productId: a.id })
        .then((r) => r.prices.find((x) => x.billingTerm === billingTerm) ?? r.prices[0])
        .catch(() => undefined);
      if (!ap) {
        setErrors({ _form: `No price is known for the add-on ${a.name}.` });
        return;
      }
      items.push({
        type: 'Standard',
        productId: a.id,
        billingTerm: ap.billingTerm,
        quantity: q.value,
        price: Number(priceText(suggestedPrice(ap.cost, margin) ?? ap.cost)),
        requiredLineItemIndex: 0,
      });
    }
    setBusy(true);
    const ok = await submit(detail, items, sectionId, setErrors);
    setBusy(false);
    if (ok) onDone();
  };

  return (
    <form
      ref={formRef}
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      {!product ? (
        <Combobox<CatalogueProduct>
          label="Product"
          placeholder="Search name or SKU…"
          autoFocus
          error={errors.productId}
          search={async (text) =>
            (await ipc().call('catalogue.products', { search: text || undefined, size: 30 }))
              .content
          }
          optionKey={(p) => p.id}
          optionText={(p) =>
            [p.name, p.requiresProductId && 'add-on', p.sku].filter(Boolean).join(', ')
          }
          renderOption={(p) => (
            <>
              <span>
                {p.name}
                {p.requiresProductId && (
                  <>
                    {' '}
                    <span className="kind">add-on</span>
                  </>
                )}
              </span>{' '}
              <span className="muted mono">{p.sku}</span>
            </>
          )}
          onPick={(p) => void pick(p)}
        />
      ) : (
        <div className="row">
          <div className="grow">
            <div className="item-name">{product.name}</div>
            <div className="item-meta">
              {[product.vendorName, product.sku].filter(Boolean).join(' · ')}
              {parentOnQuote && ` · add-on of ${parentOnQuote.product.name}`}
            </div>
          </div>
          <Button size="sm" onClick={() => setProduct(null)}>
            Change product
          </Button>
        </div>
      )}
      {product && errors.productId && (
        <p className="field-error" role="alert">
          {errors.productId}
        </p>
      )}
      {product && loadingPrices && (
        <p className="muted" role="status">
          Looking up prices…
        </p>
      )}
      {product && (
        <div className="form-grid">
          <SelectField
            label="Billing term"
            value={billingTerm}
            error={errors.billingTerm}
            onChange={(e) => choose(e.target.value as BillingTerm)}
          >
            {billingTerms.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </SelectField>
          {termsForBilling.length > 0 && (
            <SelectField
              label="Commitment"
              value={commitmentTermId}
              error={errors.commitmentTermId}
              onChange={(e) => {
                setCommitmentTermId(e.target.value);
                const pp = priceFor(billingTerm, e.target.value);
                if (pp) {
                  setCost(amountText(pp.cost));
                  setPrice(priceText(suggestedPrice(pp.cost, margin) ?? pp.cost));
                }
              }}
            >
              {termsForBilling.map((x) => (
                <option key={x.commitmentTermId} value={x.commitmentTermId}>
                  {terms.find((t) => t.id === x.commitmentTermId)?.term ?? x.commitmentTermId}
                </option>
              ))}
            </SelectField>
          )}
          <QuantityField value={quantity} error={errors.quantity} onChange={setQuantity} />
          {usage ? (
            <TextField
              label="Unit cost"
              inputMode="decimal"
              value={cost}
              error={errors.cost}
              onChange={(e) => setCost(e.target.value)}
            />
          ) : (
            <TextField
              label="Unit cost"
              value={current ? formatUnit(current.cost, detail.currency) : ''}
              readOnly
            />
          )}
          <TextField
            label="Unit price"
            inputMode="decimal"
            value={price}
            error={errors.price}
            hint={
              current
                ? `Suggested from cost at ${margin}% margin: ${formatMoney(suggestedPrice(current.cost, margin) ?? current.cost, cur)}`
                : undefined
            }
            onChange={(e) => setPrice(e.target.value)}
          />
          {usage && (
            <>
              <SelectField
                label="Usage type"
                value={usageType}
                error={errors.type}
                onChange={(e) => setUsageType(e.target.value as UsageBasedType)}
              >
                {UsageBasedType.options.map((t) => (
                  <option key={t} value={t}>
                    {t === 'PRICE_FLAT'
                      ? 'Flat price'
                      : t === 'PRICE_VARIES'
                        ? 'Price varies'
                        : 'Quantity varies'}
                  </option>
                ))}
              </SelectField>
              <label className="row" style={{ alignSelf: 'end', height: 32 }}>
                <input
                  type="checkbox"
                  checked={displayNote}
                  onChange={(e) => setDisplayNote(e.target.checked)}
                />{' '}
                Show usage note to client
              </label>
            </>
          )}
          <NoteField value={note} error={errors.note} onChange={setNote} />
          {addOns.length > 0 && (
            <fieldset className="span-all stack" style={{ border: 0, padding: 0, margin: 0 }}>
              <legend className="field-label">Add-ons added together with this product</legend>
              {addOns.map((a) => (
                <label key={a.id} className="row">
                  <input
                    type="checkbox"
                    checked={!!withAddOns[a.id]}
                    onChange={(e) => setWithAddOns((w) => ({ ...w, [a.id]: e.target.checked }))}
                  />
                  {a.name} <span className="muted mono">{a.sku}</span>
                </label>
              ))}
            </fieldset>
          )}
        </div>
      )}
      {errors._form && (
        <p className="field-error" role="alert">
          {errors._form}
        </p>
      )}
      <div className="row" style={{ justifyContent: 'flex-end' }}>
        <Button onClick={onDone}>Cancel</Button>
        <Button
          type="submit"
          variant="primary"
          disabled={!product || busy || loadingPrices || count > left}
        >
          {count > 1 ? `Add ${count} items` : 'Add item'}
        </Button>
      </div>
    </form>
  );
}
