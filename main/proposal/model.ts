// What the client reads on the proposal, gathered from the working copy: plain data with every
// amount in integer cents (computed by common/money, as the app's own totals are), so the
// document's totals equal the app's to the cent and the layout never does arithmetic on money.
import {
  lineMoneyInput,
  lineTotalsCents,
  quoteTotalsCents,
  recurringPerPeriodOfLines,
  type RecurringPeriod,
} from '../../common/money';
import type { PartnerDetails } from '../../common/api';
import { OWNER_ME, type WorkLineItem, type WorkQuote } from '../store';
import type { OptionsView } from '../../common/ipc';
import { proposalChoices, type ProposalChoices } from './choices';
import type { SignedAnswer } from './signed';

export interface Address {
  street?: string | undefined;
  street2?: string | undefined;
  city?: string | undefined;
  stateOrProvince?: string | undefined;
  postalCode?: string | undefined;
  country?: string | undefined;
}

export interface ProposalLine {
  product: string;
  sku: string;
  billingTerm: string;
  quantity: number;
  /** Unit price as the quote keeps it (up to 4 decimals). */
  unitPrice: number;
  initialCents: number;
  recurringCents: number;
  note: string;
  /** Shown indented under the line it requires. */
  addOnOf: string | null;
  /** Part of an option the client ticked: marked so, as it could be left out. */
  optional: boolean;
}

export interface ProposalSection {
  /** Null for items in no section on a quote that has none. */
  name: string | null;
  lines: ProposalLine[];
}

export interface ProposalModel {
  /** `logo`: the partner's image as a data URL (PNG or JPEG), kept on this computer; or null. */
  partner: { name: string; address: string[]; logo: string | null };
  client: { name: string; address: string[] };
  /** Null until the server has assigned one. */
  referenceCode: string | null;
  createdOn: string;
  expiresOn: string;
  preparedBy: string;
  intro: string;
  terms: string;
  currency: string;
  sections: ProposalSection[];
  /**
   * The one-time total and the recurring totals per billing period (per month, per year, …),
   * in the order the periods are shown; never one sum across periods.
   */
  totals: { initialCents: number; recurring: { period: RecurringPeriod; cents: number }[] };
  /** The quote's options and alternatives, chosen or not; absent when it has none. */
  choices?: ProposalChoices;
  /** The client's answer given at the desk, printed with the version's hash (signed.ts). */
  signed?: SignedAnswer;
}

export function partnerAddress(p: PartnerDetails | null): string[] {
  if (!p) return [];
  return addressLines({
    street: p.street,
    street2: p.street2,
    city: p.city,
    stateOrProvince: p.stateOrProvinceCode,
    postalCode: p.postcode,
    country: p.country,
  });
}

export function addressLines(a: Address | null | undefined): string[] {
  if (!a) return [];
  const cityLine = [a.city, [a.stateOrProvince, a.postalCode].filter(Boolean).join(' ')]
    .filter((s) => s && s.trim())
    .join(', ');
  return [a.street, a.street2, cityLine, a.country]
    .map((s) => (s ?? '').trim())
    .filter((s) => s.length > 0);
}

function lineOf(
  li: WorkLineItem,
  byId: Map<string, WorkLineItem>,
  optional: ReadonlySet<string>,
): ProposalLine {
  const t = lineTotalsCents(lineMoneyInput(li));
  const parent = li.requiredLineItemId ? byId.get(li.requiredLineItemId) : undefined;
  return {
    product: li.product.name,
    sku: li.product.sku,
    billingTerm: li.billingTerm,
    quantity: li.quantity,
    unitPrice: li.price,
    initialCents: t.initialTotal,
    recurringCents: t.recurringTotal,
    note: li.note.trim(),
    addOnOf: parent ? parent.product.name : null,
    optional: optional.has(li.id),
  };
}

/** A group's items with each add-on right after its parent when both are in the group. */
function parentsFirst(items: WorkLineItem[]): WorkLineItem[] {
  const inGroup = new Set(items.map((i) => i.id));
  const childrenOf = new Map<string, WorkLineItem[]>();
  for (const i of items) {
    if (i.requiredLineItemId && inGroup.has(i.requiredLineItemId)) {
      const list = childrenOf.get(i.requiredLineItemId) ?? [];
      list.push(i);
      childrenOf.set(i.requiredLineItemId, list);
    }
  }
  const out: WorkLineItem[] = [];
  const placed = new Set<string>();
  const place = (i: WorkLineItem, depth: number) => {
    if (placed.has(i.id) || depth > items.length) return;
    placed.add(i.id);
    out.push(i);
    for (const c of childrenOf.get(i.id) ?? []) place(c, depth + 1);
  };
  for (const i of items) {
    const hasParentHere = i.requiredLineItemId && inGroup.has(i.requiredLineItemId);
    if (!hasParentHere) place(i, 0);
  }
  for (const i of items) place(i, 0); // a cycle cannot happen, but nothing is ever dropped
  return out;
}

export interface ProposalSources {
  work: WorkQuote;
  /** The client's address from the catalogue, when it is known here. */
  clientAddress?: Address | null | undefined;
  /** The partner when the quote does not carry one yet (a quote never synced). */
  partner?: PartnerDetails | null | undefined;
  /** Who prepared it, when the quote does not say (never synced). */
  preparedBy?: string | undefined;
  /** The partner's logo as a data URL (Preferences, this computer only). */
  logo?: string | null | undefined;
  /** The quote's options and alternatives with their prices (options.view). */
  options?: OptionsView | undefined;
}

/** The owner, else the creator: the salesperson the client deals with. */
function preparedBy(w: WorkQuote, signedIn: string | undefined): string {
  // Taken over here before the server named the user: the owner is the user, name unknown yet.
  if (w.ownedBy?.id === OWNER_ME) return signedIn ?? '';
  return w.ownedBy?.fullName || w.createdBy || signedIn || '';
}

export function proposalModel(src: ProposalSources): ProposalModel {
  const w = src.work;
  const byId = new Map(w.lineItems.map((li) => [li.id, li]));
  const placed = new Set<string>();
  const choices = src.options ? proposalChoices(src.options) : undefined;
  const optional = new Set(choices?.optionalLineIds ?? []);
  const line = (li: WorkLineItem) => lineOf(li, byId, optional);
  const sections: ProposalSection[] = [...w.sections]
    .sort((a, b) => a.order - b.order)
    .map((s) => {
      const items = [...s.lineItems]
        .sort((a, b) => a.order - b.order)
        .flatMap((m) => {
          const li = byId.get(m.lineItemId);
          if (!li || placed.has(li.id)) return [];
          placed.add(li.id);
          return [li];
        });
      return { name: s.name, lines: parentsFirst(items).map(line) };
    });
  const loose = w.lineItems.filter((li) => !placed.has(li.id));
  if (loose.length) {
    sections.push({
      name: sections.length ? 'Other items' : null,
      lines: parentsFirst(loose).map(line),
    });
  }
  const inputs = w.lineItems.map(lineMoneyInput);
  const recurring = recurringPerPeriodOfLines(inputs).map((p) => ({
    period: p.period,
    cents: p.total,
  }));
  const partner = w.partner ?? src.partner ?? null;
  return {
    partner: {
      name: partner?.name ?? '',
      address: partnerAddress(partner),
      logo: src.logo ?? null,
    },
    client: { name: w.client.name, address: addressLines(src.clientAddress) },
    referenceCode: w.referenceCode || null,
    createdOn: w.createdOn,
    expiresOn: w.expiresOn,
    preparedBy: preparedBy(w, src.preparedBy),
    intro: w.introMessage.trim(),
    terms: w.termsAndDisclaimers.trim(),
    currency: w.currency,
    sections,
    totals: { initialCents: quoteTotalsCents(inputs).initialTotal, recurring },
    ...(choices ? { choices } : {}),
  };
}
