// The add-item dialog's product: searched by name or SKU until one is picked, then named with
// its vendor and SKU (and its parent on the quote, for an add-on) and a way to change it.
import type { CatalogueProduct, LineItemView } from '../../common/ipc/shapes';
import { ipc } from '../ipc';
import { Button } from '../ui';
import { Combobox } from '../ui/combobox';

export function CatalogueProductPick({
  product,
  parentOnQuote,
  error,
  onPick,
  onChange,
}: {
  product: CatalogueProduct | null;
  parentOnQuote: LineItemView | undefined;
  error: string | undefined;
  onPick: (p: CatalogueProduct) => void;
  onChange: () => void;
}) {
  if (!product)
    return (
      <Combobox<CatalogueProduct>
        label="Product"
        placeholder="Search name or SKU…"
        autoFocus
        error={error}
        search={async (text) =>
          (await ipc().call('catalogue.products', { search: text || undefined, size: 30 })).content
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
        onPick={onPick}
      />
    );
  return (
    <>
      <div className="row">
        <div className="grow">
          <div className="item-name">{product.name}</div>
          <div className="item-meta">
            {[product.vendorName, product.sku].filter(Boolean).join(' · ')}
            {parentOnQuote && ` · add-on of ${parentOnQuote.product.name}`}
          </div>
        </div>
        <Button size="sm" onClick={onChange}>
          Change product
        </Button>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
