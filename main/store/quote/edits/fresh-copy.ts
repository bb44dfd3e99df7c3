// A quote's working copy as a new quote never synced: fresh ids throughout, no reference code,
// a draft again. "Save as new" and a draft imported beside a quote with edits of its own.
import type { Identity, WorkQuote } from '../../types';

export function freshCopy(
  src: WorkQuote,
  newId: () => string,
  now: string,
  identity: Identity | null,
): WorkQuote {
  const ids = new Map<string, string>();
  const fresh = (old: string) => {
    if (!ids.has(old)) ids.set(old, newId());
    return ids.get(old)!;
  };
  const w: WorkQuote = {
    ...src,
    id: newId(),
    status: 'draft',
    published: false,
    publishedOn: null,
    respondedOn: null,
    revokedOn: null,
    acceptedBy: null,
    declinedBy: null,
    referenceCode: '',
    createdOn: now,
    updatedOn: now,
    lineItems: src.lineItems.map((li) => ({
      ...li,
      id: fresh(li.id),
      requiredLineItemId: li.requiredLineItemId ? fresh(li.requiredLineItemId) : null,
    })),
    sections: src.sections.map((s) => ({
      ...s,
      id: newId(),
      lineItems: s.lineItems.map((x) => ({ ...x, lineItemId: fresh(x.lineItemId) })),
    })),
    accessList: src.accessList.map((e) => ({ ...e, id: newId(), link: '' })),
    attachments: src.attachments.map((a) => ({
      ...a,
      id: newId(),
      url: null,
      preferenceAttachmentId: null,
    })),
  };
  if (identity) {
    w.createdBy = identity.user.fullName;
    w.createdByEmail = identity.user.email;
    w.ownedBy = identity.user;
  }
  return w;
}
