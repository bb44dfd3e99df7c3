import { useEffect, useMemo, useRef, useState } from 'react';
import { CustomBillingTerm, UsageBasedType, type BillingTerm } from '../../common/api/enums';
import { LIMITS } from '../../common/api/limits';
import { centsToAmount, lineTotalsCents, suggestedPrice } from '../../common/money';
import {
  CustomProductName,
  CustomProductSku,
  type AddLineItemInput,
  type CatalogueProduct,
  type CommitmentTerm,
  type ProductPrice,
  type QuoteDetail,
} from '../../common/ipc/shapes';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { errorOf, ipc } from '../bridge';
import { formatMoney, formatUnit } from '../format';
import { useEditor } from '../state/editor';
import { Button, Combobox, Dialog, SelectField, TextArea, TextField } from '../ui';
import type { Group } from './LineItems';
import { amountText, parseAmount, parseQuantity, priceText } from './numbers';

type Kind = 'Standard' | 'Custom' | 'UsageBased';
type Errors = Record<string, string>;

interface Props {
  detail: QuoteDetail;
  sectionId: string | null;
  groups: Group[];
  onClose: () => void;
}

export function AddItemDialog({ detail, sectionId: initialSection, groups, onClose }: Props) {
  const [kind, setKind] = useState<Kind>('Standard');
  const [sectionId, setSectionId] = useState<string | null>(initialSection);
  const left = LIMITS.lineItems - detail.lineItems.length;
  const kinds: { k: Kind; label: string }[] = [
    { k: 'Standard', label: 'Catalogue product' },
    { k: 'Custom', label: 'Custom item' },
    { k: 'UsageBased', label: 'Usage-based' },
  ];
  return (
    <Dialog title="Add line item" open onClose={onClose} wide>
      <Tabs selectedKey={kind} onSelectionChange={(k) => setKind(k as Kind)}>
        <TabList aria-label="Kind of item" className="tabs">
          {kinds.map(({ k, label }) => (
            <Tab key={k} id={k} className="tab">
              {label}
            </Tab>
          ))}
        </TabList>
        <p className="muted">
          {left} of {LIMITS.lineItems} items left on this quote.
        </p>
        {groups.some((g) => g.sectionId) && (
          <SelectField
            label="Section"
            value={sectionId ?? ''}
            onChange={(e) => setSectionId(e.target.value || null)}
          >
            {groups.map((g) => (
              <option key={g.sectionId ?? ''} value={g.sectionId ?? ''}>
                {g.sectionId ? g.name : 'No section'}
              </option>
            ))}
          </SelectField>
        )}
        <TabPanel id="Standard">
          <CatalogueForm
            detail={detail}
            usage={false}
            sectionId={sectionId}
            left={left}
            onDone={onClose}
          />
        </TabPanel>
        <TabPanel id="UsageBased">
          <CatalogueForm detail={detail} usage sectionId={sectionId} left={left} onDone={onClose} />
        </TabPanel>
        <TabPanel id="Custom">
          <CustomForm detail={detail} sectionId={sectionId} onDone={onClose} />
        </TabPanel>
      </Tabs>
    </Dialog>
  );
}

/** Maps an error of the call to a field of the form: `items.1.price` → `price`. */
function fieldOf(e: { field?: string }): string {
  return e.field?.split('.').pop() ?? '_form';
}

async function submit(
  detail: QuoteDetail,
  items: AddLineItemInput[],
  sectionId: string | null,
  setErrors: (e: Errors) => void,
): Promise<boolean> {
  try {
    const r = await ipc().call('lineItems.add', {
      quoteId: detail.header.id,
      items,
      sectionId: sectionId ?? undefined,
    });
    useEditor.getState().apply(r.quote);
    return true;
  } catch (e) {
    const err = errorOf(e);
    setErrors({ [fieldOf(err)]: err.message });
    return false;
  }
}

function CatalogueForm({
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
          optionText={(p) => `${p.name} ${p.sku}`}
          renderOption={(p) => (
            <>
              <span>
                {p.name}
                {p.requiresProductId && <span className="kind">add-on</span>}
              </span>
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
          <TextField
            label="Quantity"
            inputMode="numeric"
            value={quantity}
            error={errors.quantity}
            onChange={(e) => setQuantity(e.target.value)}
          />
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
          <TextArea
            label="Note"
            className="span-all"
            rows={2}
            value={note}
            error={errors.note}
            maxLength={LIMITS.noteMax}
            onChange={(e) => setNote(e.target.value)}
          />
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

function CustomForm({
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
      <TextField
        label="Quantity"
        inputMode="numeric"
        value={quantity}
        error={errors.quantity}
        onChange={(e) => setQuantity(e.target.value)}
      />
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
      <TextArea
        label="Note"
        className="span-all"
        rows={2}
        value={note}
        error={errors.note}
        maxLength={LIMITS.noteMax}
        onChange={(e) => setNote(e.target.value)}
      />
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
