import { useState } from 'react';
import { type LineItemKind } from '../../common/api/enums';
import { LINE_ITEM_KINDS, unhandled } from '../../common/api/kinds';
import { LIMITS } from '../../common/api/limits';
import { type QuoteDetail } from '../../common/ipc/shapes';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Dialog, SelectField } from '../ui';
import type { Group } from './groups';
import { CatalogueItemForm } from './catalogue-item-form';
import { CustomItemForm } from './custom-item-form';

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
  const panel = (k: Kind) => {
    switch (k) {
      case 'Standard':
      case 'UsageBased':
        return (
          <CatalogueItemForm
            detail={detail}
            usage={k === 'UsageBased'}
            sectionId={sectionId}
            left={left}
            onDone={onClose}
          />
        );
      case 'Custom':
        return <CustomItemForm detail={detail} sectionId={sectionId} onDone={onClose} />;
      default:
        return unhandled(k);
    }
  };
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
        {kinds.map(({ k }) => (
          <TabPanel key={k} id={k}>
            {panel(k)}
          </TabPanel>
        ))}
      </Tabs>
    </Dialog>
  );
}
