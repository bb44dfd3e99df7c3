import { lineItemKindOf, normalizeLineItems, type LineItemResponse } from '../../../common/api';
import type { EntityKind, RemoteAggregate, WorkLineItem, WorkQuote } from '../types';

/** Maps a server id of one kind to its local id, allocating one for an entity not seen yet. */
export type LocalIdOf = (kind: EntityKind, serverId: string) => string;

/**
 * The server's aggregate in the working copy's shape, with local ids. Local-only facts
 * (file copies of attachments, where an attachment came from) are carried over from
 * `previous` by id.
 */
// long: maps every field of the server's quote onto the working copy in one place
export function workFromRemote(
  remote: RemoteAggregate,
  localId: LocalIdOf,
  previous: WorkQuote | null = null,
): WorkQuote {
  const q = remote.quote;
  const currency = q.totals.initialTotal.currency;
  const prevAttachments = new Map((previous?.attachments ?? []).map((a) => [a.id, a]));
  const lineItems = (normalizeLineItems(q.lineItems) as LineItemResponse[]).map(
    (li): WorkLineItem => {
      const kind = lineItemKindOf(li);
      const parent = li.relationship?.requiredLineItemId;
      return {
        id: localId('lineItem', li.id),
        kind,
        product: {
          id: kind === 'Custom' ? null : li.product.id,
          name: li.product.name,
          sku: li.product.sku,
          isMspOnly: li.product.isMspOnly,
          type: li.product.type,
        },
        billingTerm: li.billingTerm,
        commitmentTerm: li.commitmentTerm ?? null,
        effectiveDate: li.effectiveDate,
        price: li.price.amount,
        cost: li.cost.amount,
        quantity: li.quantity,
        note: li.note,
        initialTotal: kind === 'Custom' ? li.totals.initialTotal.amount : null,
        usageBased: li.usageBased ?? null,
        requiredLineItemId: parent ? localId('lineItem', parent) : null,
        requiredSubscriptionId: li.relationship?.requiredSubscriptionId ?? null,
        subscriptionId: li.subscriptionId ?? null,
        totals: li.totals,
      };
    },
  );
  return {
    id: localId('quote', q.id),
    status: q.status,
    client: q.client,
    partner: q.partner,
    createdBy: q.createdBy,
    createdByEmail: q.createdByEmail,
    createdOn: q.createdOn,
    updatedOn: q.updatedOn ?? previous?.updatedOn ?? q.createdOn,
    expiresOn: q.expiresOn,
    introMessage: q.introMessage,
    termsAndDisclaimers: q.termsAndDisclaimers,
    published: q.published,
    referenceCode: q.referenceCode,
    publishedOn: q.publishedOn ?? null,
    respondedOn: q.respondedOn ?? null,
    revokedOn: q.revokedOn ?? null,
    quoteRequestId: q.quoteRequestId ?? null,
    salesMarginPercentage: q.salesMarginPercentage ?? null,
    intentType: q.intentType ?? null,
    ownedBy: q.ownedBy ?? null,
    acceptedBy: q.acceptedBy ?? null,
    declinedBy: q.declinedBy ?? null,
    currency,
    lineItems,
    sections: remote.sections
      .map((s) => ({
        id: localId('section', s.id),
        name: s.name,
        order: s.order,
        lineItems: s.lineItems
          .map((x) => ({ lineItemId: localId('lineItem', x.lineItemId), order: x.order }))
          .sort((a, b) => a.order - b.order),
      }))
      .sort((a, b) => a.order - b.order),
    accessList: remote.accessList.map((e) => ({
      id: localId('accessEntry', e.id),
      email: e.email,
      accountType: e.accountType,
      link: e.link,
      accountName: e.accountName ?? null,
      accountRole: e.accountRole ?? null,
      userId: e.userId ?? null,
    })),
    attachments: q.attachments
      .map((a) => {
        const id = localId('attachment', a.id);
        const prev = prevAttachments.get(id);
        return {
          id,
          name: a.name,
          order: a.order,
          type: a.type,
          sha256: prev?.sha256 ?? null,
          size: prev?.size ?? null,
          createdOn: a.createdOn,
          createdBy: a.createdBy,
          url: a.url,
          libraryAttachmentId: prev?.libraryAttachmentId ?? null,
          preferenceAttachmentId: prev?.preferenceAttachmentId ?? null,
        };
      })
      .sort((a, b) => a.order - b.order),
    totals: q.totals,
  };
}
