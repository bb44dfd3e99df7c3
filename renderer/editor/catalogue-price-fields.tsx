// The add-item dialog's terms and amounts for a catalogue product: billing term, commitment,
// cost (typed for a usage-based item, the catalogue's otherwise) and price with the suggestion
// it was filled from, and a usage-based item's type and note switch.
import { UsageBasedType, type BillingTerm } from '../../common/api/enums';
import { suggestedPrice } from '../../common/money';
import { formatMoney, formatUnit } from '../format';
import { SelectField, TextField } from '../ui';
import type { Errors } from './item-fields';
import type { CatalogueChoice } from './use-catalogue-choice';

const USAGE_LABEL: Record<UsageBasedType, string> = {
  PRICE_FLAT: 'Flat price',
  PRICE_VARIES: 'Price varies',
  QTY_VARIES: 'Quantity varies',
};

export function CatalogueTermFields({
  choice,
  errors,
}: {
  choice: CatalogueChoice;
  errors: Errors;
}) {
  return (
    <>
      <SelectField
        label="Billing term"
        value={choice.billingTerm}
        error={errors.billingTerm}
        onChange={(e) => choice.chooseTerm(e.target.value as BillingTerm)}
      >
        {choice.billingTerms.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </SelectField>
      {choice.termsForBilling.length > 0 && (
        <SelectField
          label="Commitment"
          value={choice.commitmentTermId}
          error={errors.commitmentTermId}
          onChange={(e) => choice.chooseCommitment(e.target.value)}
        >
          {choice.termsForBilling.map((x) => (
            <option key={x.commitmentTermId} value={x.commitmentTermId}>
              {choice.terms.find((t) => t.id === x.commitmentTermId)?.term ?? x.commitmentTermId}
            </option>
          ))}
        </SelectField>
      )}
    </>
  );
}

export function CatalogueAmountFields({
  choice,
  errors,
  usage,
  margin,
  currency,
}: {
  choice: CatalogueChoice;
  errors: Errors;
  usage: boolean;
  margin: number;
  currency: string;
}) {
  const { current } = choice;
  return (
    <>
      {usage ? (
        <TextField
          label="Unit cost"
          inputMode="decimal"
          value={choice.cost}
          error={errors.cost}
          onChange={(e) => choice.setCost(e.target.value)}
        />
      ) : (
        <TextField
          label="Unit cost"
          value={current ? formatUnit(current.cost, currency) : ''}
          readOnly
        />
      )}
      <TextField
        label="Unit price"
        inputMode="decimal"
        value={choice.price}
        error={errors.price}
        hint={
          current
            ? `Suggested from cost at ${margin}% margin: ${formatMoney(suggestedPrice(current.cost, margin) ?? current.cost, currency)}`
            : undefined
        }
        onChange={(e) => choice.setPrice(e.target.value)}
      />
      {usage && (
        <>
          <SelectField
            label="Usage type"
            value={choice.usageType}
            error={errors.type}
            onChange={(e) => choice.setUsageType(e.target.value as UsageBasedType)}
          >
            {UsageBasedType.options.map((t) => (
              <option key={t} value={t}>
                {USAGE_LABEL[t]}
              </option>
            ))}
          </SelectField>
          <label className="row" style={{ alignSelf: 'end', height: 32 }}>
            <input
              type="checkbox"
              checked={choice.displayNote}
              onChange={(e) => choice.setDisplayNote(e.target.checked)}
            />{' '}
            Show usage note to client
          </label>
        </>
      )}
    </>
  );
}
