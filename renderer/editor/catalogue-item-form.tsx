// The add-item dialog's form for a catalogue product (Standard or usage-based), with its add-ons:
// the product and what follows from it (use-catalogue-choice.ts), the fields typed here, and
// the one request that adds the item with the add-ons chosen (catalogue-items.ts).
import { useRef, useState } from 'react';
import type { CatalogueProduct, QuoteDetail } from '../../common/ipc/shapes';
import { Button } from '../ui';
import { addCatalogueItems } from './catalogue-items';
import { CatalogueAmountFields, CatalogueTermFields } from './catalogue-price-fields';
import { CatalogueProductPick } from './catalogue-product-pick';
import { NoteField, QuantityField, type Errors } from './item-fields';
import { useCatalogueChoice } from './use-catalogue-choice';

/** The add-ons offered with the product, each ticked to go in the same request. */
function AddOnChoice({
  addOns,
  chosen,
  onChoose,
}: {
  addOns: CatalogueProduct[];
  chosen: Record<string, boolean>;
  onChoose: (id: string, on: boolean) => void;
}) {
  return (
    <fieldset className="span-all stack" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend className="field-label">Add-ons added together with this product</legend>
      {addOns.map((a) => (
        <label key={a.id} className="row">
          <input
            type="checkbox"
            checked={!!chosen[a.id]}
            onChange={(e) => onChoose(a.id, e.target.checked)}
          />
          {a.name} <span className="muted mono">{a.sku}</span>
        </label>
      ))}
    </fieldset>
  );
}

interface Props {
  detail: QuoteDetail;
  /** The usage-based tab: the cost is typed, and the usage type chosen. */
  usage: boolean;
  sectionId: string | null;
  /** How many more items fit on the quote. */
  left: number;
  onDone: () => void;
}

export function CatalogueItemForm({ detail, usage, sectionId, left, onDone }: Props) {
  const [withAddOns, setWithAddOns] = useState<Record<string, boolean>>({});
  const [quantity, setQuantity] = useState('1');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const margin = detail.header.salesMarginPercentage ?? 0;
  const choice = useCatalogueChoice({
    usage,
    margin,
    setErrors,
    focusFirstField: () =>
      formRef.current?.querySelector<HTMLInputElement>('input[inputmode="numeric"]')?.focus(),
  });
  const { product } = choice;
  const parentOnQuote = product?.requiresProductId
    ? detail.lineItems.find((i) => i.product.id === product.requiresProductId)
    : undefined;
  const chosenAddOns = choice.addOns.filter((a) => withAddOns[a.id]);
  const count = 1 + chosenAddOns.length;

  const add = async () => {
    // Enter pressed while the prices are still on their way: they fill the fields first.
    if (choice.loadingPrices) return;
    setBusy(true);
    const to = { detail, sectionId, usage, left };
    const ok = await addCatalogueItems(choice, { quantity, note }, to, chosenAddOns, setErrors);
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
      <CatalogueProductPick
        product={product}
        parentOnQuote={parentOnQuote}
        error={errors.productId}
        onPick={(p) => void choice.pick(p)}
        onChange={choice.unpick}
      />
      {product && choice.loadingPrices && (
        <p className="muted" role="status">
          Looking up prices…
        </p>
      )}
      {product && (
        <div className="form-grid">
          <CatalogueTermFields choice={choice} errors={errors} />
          <QuantityField value={quantity} error={errors.quantity} onChange={setQuantity} />
          <CatalogueAmountFields
            choice={choice}
            errors={errors}
            usage={usage}
            margin={margin}
            currency={detail.currency}
          />
          <NoteField value={note} error={errors.note} onChange={setNote} />
          {choice.addOns.length > 0 && (
            <AddOnChoice
              addOns={choice.addOns}
              chosen={withAddOns}
              onChoose={(id, on) => setWithAddOns((w) => ({ ...w, [id]: on }))}
            />
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
          disabled={!product || busy || choice.loadingPrices || count > left}
        >
          {count > 1 ? `Add ${count} items` : 'Add item'}
        </Button>
      </div>
    </form>
  );
}
