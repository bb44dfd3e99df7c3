// What the add-item dialog knows of the chosen catalogue product, loaded as it is chosen: its
// prices by billing term and commitment, its add-ons, and the term, commitment, cost and
// suggested price that follow from each choice (the salesperson may type a price over it).
import { useEffect, useRef, useState } from 'react';
import { type BillingTerm, type UsageBasedType } from '../../common/api/enums';
import { suggestedPrice } from '../../common/money';
import type { CatalogueProduct, CommitmentTerm, ProductPrice } from '../../common/ipc/shapes';
import { errorOf, ipc } from '../ipc';
import { amountText, priceText } from './numbers';
import type { Errors } from './item-fields';

/** The catalogue's price of a term and commitment (of the term alone if none matches both). */
const priceIn = (list: ProductPrice[], term: string, commitment: string) =>
  list.find((x) => x.billingTerm === term && (x.commitmentTermId ?? '') === commitment) ??
  list.find((x) => x.billingTerm === term);

/** The commitment terms' names, read once. */
function useCommitmentTerms(): CommitmentTerm[] {
  const [terms, setTerms] = useState<CommitmentTerm[]>([]);
  useEffect(() => {
    ipc()
      .call('catalogue.commitmentTerms')
      .then((r) => setTerms(r.terms))
      .catch(() => setTerms([]));
  }, []);
  return terms;
}

/** The catalogue's add-ons of a product (none if the catalogue cannot be read). */
const addOnsOf = (p: CatalogueProduct) =>
  ipc()
    .call('catalogue.products', { size: 100 })
    .then((r) => r.content.filter((x) => x.requiresProductId === p.id))
    .catch((): CatalogueProduct[] => []);

interface Options {
  usage: boolean;
  margin: number;
  setErrors: (update: Errors | ((e: Errors) => Errors)) => void;
  /** The search box is gone once a product is picked; the keyboard stays in the form. */
  focusFirstField: () => void;
}

export function useCatalogueChoice({ usage, margin, setErrors, focusFirstField }: Options) {
  const [product, setProduct] = useState<CatalogueProduct | null>(null);
  const [prices, setPrices] = useState<ProductPrice[]>([]);
  const terms = useCommitmentTerms();
  const [addOns, setAddOns] = useState<CatalogueProduct[]>([]);
  const [billingTerm, setBillingTerm] = useState<BillingTerm | ''>('');
  const [commitmentTermId, setCommitmentTermId] = useState('');
  const [price, setPrice] = useState('');
  const [cost, setCost] = useState('');
  const [usageType, setUsageType] = useState<UsageBasedType>('PRICE_FLAT');
  const [displayNote, setDisplayNote] = useState(false);
  const [loadingPrices, setLoadingPrices] = useState(false);
  const pickSeq = useRef(0);

  const chooseTerm = (term: BillingTerm, list = prices, commitment = '') => {
    setBillingTerm(term);
    const pp = priceIn(list, term, commitment);
    setCommitmentTermId(pp?.commitmentTermId ?? '');
    if (!pp) return;
    setCost(amountText(pp.cost));
    setPrice(priceText(suggestedPrice(pp.cost, margin) ?? pp.suggestedPrice ?? pp.cost));
    // The fields are filled now: an earlier "is required" beside them would be wrong.
    setErrors(({ price: _p, cost: _c, ...rest }) => rest);
    if (pp.usageBasedType) setUsageType(pp.usageBasedType);
  };

  const chooseCommitment = (id: string) => {
    setCommitmentTermId(id);
    const pp = priceIn(prices, billingTerm, id);
    if (pp) {
      setCost(amountText(pp.cost));
      setPrice(priceText(suggestedPrice(pp.cost, margin) ?? pp.cost));
    }
  };

  /** Loads the product's prices, then its add-ons; a later pick wins over an earlier one. */
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
      setTimeout(focusFirstField, 0);
      const first = r.prices.find((x) => (usage ? x.usageBasedType : true)) ?? r.prices[0];
      // The product's own usage type is the default; the pricing may refine it.
      const own = (p as { usageBased?: { type?: UsageBasedType; displayNote?: boolean } })
        .usageBased;
      if (own?.type && !first?.usageBasedType) setUsageType(own.type);
      if (own?.displayNote !== undefined) setDisplayNote(own.displayNote);
      if (first) chooseTerm(first.billingTerm, r.prices, first.commitmentTermId ?? '');
      else
        setErrors({
          billingTerm: 'No prices are known for this product yet (connect once to load them).',
        });
    } catch (e) {
      setLoadingPrices(false);
      setErrors({ productId: errorOf(e).message });
    }
    setAddOns(await addOnsOf(p));
  };

  const amounts = { price, setPrice, cost, setCost };
  const usageChoice = { usageType, setUsageType, displayNote, setDisplayNote };
  return {
    ...amounts,
    ...usageChoice,
    product,
    /** "Change product": back to the search. */
    unpick: () => setProduct(null),
    pick,
    addOns,
    terms,
    billingTerms: [...new Set(prices.map((x) => x.billingTerm))],
    termsForBilling: prices.filter((x) => x.billingTerm === billingTerm && x.commitmentTermId),
    billingTerm,
    chooseTerm,
    commitmentTermId,
    chooseCommitment,
    /** The price of the chosen term and commitment, as the catalogue has it. */
    current: billingTerm ? priceIn(prices, billingTerm, commitmentTermId) : undefined,
    loadingPrices,
  };
}

export type CatalogueChoice = ReturnType<typeof useCatalogueChoice>;
