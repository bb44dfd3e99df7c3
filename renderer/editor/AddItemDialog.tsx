import { useState } from 'react';
import { type LineItemKind } from '../../common/api/enums';
import { LINE_ITEM_KINDS, unhandled } from '../../common/api/kinds';
import { LIMITS } from '../../common/api/limits';
import { type QuoteDetail } from '../../common/ipc/shapes';
import { Dialog, SelectField } from '../ui';
import type { Group } from './groups';
import { CatalogueItemForm } from './CatalogueItemForm';
import { CustomItemForm } from './CustomItemForm';

type Kind = LineItemKind;

/** The dialog's tab per kind (one per kind: a new kind needs its tab). */
const TAB_LABEL: Record<LineItemKind, string> = {
  Standard: 'Catalogue product',
  Custom: 'Custom item',
  UsageBased: 'Usage-based',
};

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
  const kinds = LINE_ITEM_KINDS.map((k) => ({ k, label: TAB_LABEL[k] }));
  const panel = () => {
    switch (kind) {
      case 'Custom':
        return <CustomItemForm detail={detail} sectionId={sectionId} onDone={onClose} />;
      case 'Standard':
      case 'UsageBased':
        return (
          <CatalogueItemForm
            key={kind}
            detail={detail}
            usage={kind === 'UsageBased'}
            sectionId={sectionId}
            left={left}
            onDone={onClose}
          />
        );
      default:
        return unhandled(kind);
    }
  };
  return (
    <Dialog title="Add line item" open onClose={onClose} wide>
      <div
        role="tablist"
        aria-label="Kind of item"
        className="tabs"
        onKeyDown={(e) => {
          // The ARIA tabs pattern: arrows move between the kinds.
          const i = kinds.findIndex((x) => x.k === kind);
          const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
          if (!d) return;
          e.preventDefault();
          const next = kinds[(i + d + kinds.length) % kinds.length]!.k;
          setKind(next);
          setTimeout(() => document.getElementById(`tab-${next}`)?.focus(), 0);
        }}
      >
        {kinds.map(({ k, label }) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`tab-${k}`}
            aria-selected={kind === k}
            aria-controls={`panel-${k}`}
            tabIndex={kind === k ? 0 : -1}
            className="tab"
            onClick={() => setKind(k)}
          >
            {label}
          </button>
        ))}
      </div>
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
      <div role="tabpanel" id={`panel-${kind}`} aria-labelledby={`tab-${kind}`}>
        {panel()}
      </div>
    </Dialog>
  );
}
