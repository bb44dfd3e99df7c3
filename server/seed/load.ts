import { readFileSync } from 'node:fs';
import { AddLineItemPayload, issuesToDetails } from '../../common/api';
import { hashSecret } from '../auth/secrets';
import type { Caller, Ctx, PartnerRow, UserRow } from '../context';
import { addAccessListEntries } from '../domain/access-list';
import { addLineItems } from '../domain/line-items';
import { createQuote } from '../domain/quote-lifecycle';
import { lineItemRows, reloadQuote } from '../domain/quotes';
import { replaceSections } from '../domain/sections';
import { randomBytes, randomUUID } from 'node:crypto';
import { SeedFile, type SeedQuote } from './format';

export class SeedError extends Error {}

/** Quotes seeded between two progress lines. */
const SEED_PROGRESS_EVERY = 1000;

export function readSeed(file: string): SeedFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new SeedError(`seed ${file}: ${(e as Error).message}`);
  }
  const r = SeedFile.safeParse(raw);
  if (!r.success) {
    throw new SeedError(
      `seed ${file}: ${issuesToDetails(r.error)
        .map((d) => d.message)
        .join('; ')}`,
    );
  }
  return r.data;
}

/**
 * The seed with credentials of this installation: the first credential of the first partner
 * takes `secret`, every other one a random secret nobody knows. The embedded demo server of the
 * desktop app runs this way, so the secrets published in the seed file open nothing there.
 */
export function withOwnSecret(seed: SeedFile, secret: string): SeedFile {
  return {
    ...seed,
    partners: seed.partners.map((p, pi) => ({
      ...p,
      credentials: p.credentials.map((c, ci) => ({
        ...c,
        clientSecret: pi === 0 && ci === 0 ? secret : randomBytes(32).toString('base64url'),
      })),
    })),
  };
}

/**
 * Loads a seed: partners, users, credentials, clients and the catalogue are brought up to date
 * on every start; seeded quotes are created once (an existing id is left as it is, so a restart
 * keeps what users changed).
 */
// long: one transaction writing every table of the seed in order
export function loadSeed(
  ctx: Ctx,
  seed: SeedFile,
  /** Told every 1,000 quotes (a large seed takes a while; its progress shows it goes on). */
  progress?: (quotes: number, of: number) => void,
): void {
  const db = ctx.db;
  db.transaction(() => {
    for (const p of seed.partners) {
      ctx
        .sql(
          `INSERT INTO partners (id, name, street, street2, city, postcode, state_code, country, parent_id, parent_name, currency)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT(id) DO UPDATE SET name = excluded.name, street = excluded.street, street2 = excluded.street2,
             city = excluded.city, postcode = excluded.postcode, state_code = excluded.state_code, country = excluded.country,
             parent_id = excluded.parent_id, parent_name = excluded.parent_name, currency = excluded.currency`,
        )
        .run(
          p.id,
          p.name,
          p.street,
          p.street2 ?? null,
          p.city,
          p.postcode,
          p.stateOrProvinceCode,
          p.country ?? null,
          p.parentPartner?.parentPartnerId ?? null,
          p.parentPartner?.parentPartnerName ?? null,
          p.currency ?? seed.currency,
        );
      for (const u of p.users) {
        ctx
          .sql(
            `INSERT INTO users (id, partner_id, full_name, display_name, email, role) VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT(id) DO UPDATE SET partner_id = excluded.partner_id, full_name = excluded.full_name,
               display_name = excluded.display_name, email = excluded.email, role = excluded.role`,
          )
          .run(u.id, p.id, u.fullName, u.displayName, u.email, u.role);
      }
      for (const c of p.credentials) {
        if (!p.users.some((u) => u.id === c.userId))
          throw new SeedError(`seed: credential ${c.clientId} names an unknown user`);
        ctx
          .sql(
            `INSERT INTO credentials (client_id, secret_hash, user_id) VALUES (?, ?, ?)
             ON CONFLICT(client_id) DO UPDATE SET secret_hash = excluded.secret_hash, user_id = excluded.user_id`,
          )
          .run(c.clientId, hashSecret(c.clientSecret), c.userId);
      }
      for (const c of p.clients) {
        ctx
          .sql(
            `INSERT INTO clients (id, partner_id, name, is_shadow, status, address_json) VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT(id) DO UPDATE SET partner_id = excluded.partner_id, name = excluded.name,
               is_shadow = excluded.is_shadow, status = excluded.status, address_json = excluded.address_json`,
          )
          .run(
            c.id,
            p.id,
            c.name,
            c.isShadowCompany ? 1 : 0,
            c.status ?? 'Active',
            c.address ? JSON.stringify(c.address) : null,
          );
      }
      if (p.preferences) {
        ctx
          .sql(
            `INSERT OR IGNORE INTO preferences (partner_id, days_to_expire, intro_message, terms, margin) VALUES (?, ?, ?, ?, ?)`,
          )
          .run(
            p.id,
            p.preferences.daysToExpire,
            p.preferences.introMessage,
            p.preferences.termsAndDisclaimers,
            p.preferences.salesMarginPercentage ?? 0,
          );
      }
    }
    for (const t of seed.commitmentTerms) {
      ctx
        .sql(
          'INSERT INTO commitment_terms (id, term) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET term = excluded.term',
        )
        .run(t.id, t.term);
    }
    for (const p of seed.products) {
      ctx
        .sql(
          `INSERT INTO products (id, name, sku, vendor_name, is_msp_only, type, requires_product_id, requires_commitment, usage_type, usage_display_note)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT(id) DO UPDATE SET name = excluded.name, sku = excluded.sku, vendor_name = excluded.vendor_name,
             is_msp_only = excluded.is_msp_only, type = excluded.type, requires_product_id = excluded.requires_product_id,
             requires_commitment = excluded.requires_commitment, usage_type = excluded.usage_type,
             usage_display_note = excluded.usage_display_note`,
        )
        .run(
          p.id,
          p.name,
          p.sku,
          p.vendorName ?? vendorFromName(p.name),
          p.isMspOnly ? 1 : 0,
          p.type,
          p.requiresProductId ?? null,
          (p.requiresCommitment ?? p.pricing.every((x) => x.commitmentTermId !== undefined))
            ? 1
            : 0,
          p.usageBased?.type ?? null,
          p.usageBased ? (p.usageBased.displayNote ? 1 : 0) : null,
        );
      ctx.sql('DELETE FROM product_pricing WHERE product_id = ?').run(p.id);
      for (const x of p.pricing) {
        ctx
          .sql(
            'INSERT INTO product_pricing (product_id, billing_term, cost, suggested_price, commitment_term_id) VALUES (?, ?, ?, ?, ?)',
          )
          .run(p.id, x.billingTerm, x.cost, x.suggestedPrice, x.commitmentTermId ?? null);
      }
    }
    let done = 0;
    for (const q of seed.quotes) {
      seedQuote(ctx, seed, q);
      if (++done % SEED_PROGRESS_EVERY === 0) progress?.(done, seed.quotes.length);
    }
  })();
}

/** "Microsoft 365 Business Premium" → "Microsoft" when a seed names no vendor. */
function vendorFromName(name: string): string {
  return name.split(' ')[0] ?? name;
}

function seedQuote(ctx: Ctx, seed: SeedFile, q: SeedQuote): void {
  if (ctx.sql('SELECT 1 FROM quotes WHERE id = ?').get(q.id)) return;
  const partner = ctx.sql<PartnerRow>('SELECT * FROM partners WHERE id = ?').get(q.partnerId);
  const user = ctx
    .sql<UserRow>('SELECT * FROM users WHERE id = ? AND partner_id = ?')
    .get(q.createdBy, q.partnerId);
  if (!partner || !user)
    throw new SeedError(`seed: quote ${q.id} names an unknown partner or creator`);
  const caller: Caller = { clientId: 'seed', user, partner };
  const created = new Date(Date.now() - (q.createdDaysAgo ?? 0) * 86_400_000);
  const createdOn = created.toISOString();
  const row = createQuote(
    ctx,
    caller,
    { clientId: q.clientId },
    {
      id: q.id,
      createdOn,
      ...(q.expiresInDays !== undefined
        ? { expiresOn: new Date(Date.now() + q.expiresInDays * 86_400_000).toISOString() }
        : {}),
      ...(q.introMessage !== undefined ? { introMessage: q.introMessage } : {}),
      ...(q.termsAndDisclaimers !== undefined
        ? { termsAndDisclaimers: q.termsAndDisclaimers }
        : {}),
      ...(q.salesMarginPercentage !== undefined
        ? { salesMarginPercentage: q.salesMarginPercentage }
        : {}),
      ...(q.intentType ? { intentType: q.intentType } : {}),
      ...(q.referenceCode ? { referenceCode: q.referenceCode } : {}),
      ...(q.ownedBy ? { ownedBy: q.ownedBy } : {}),
    },
  );
  if (q.lineItems?.length) {
    const items = q.lineItems.map((raw, i) => {
      const product = seed.products.find((p) => p.id === raw.productId);
      const price = product?.pricing.find((x) => x.billingTerm === raw.billingTerm)?.suggestedPrice;
      const r = AddLineItemPayload.safeParse({
        effectiveDate: createdOn,
        ...(price !== undefined ? { price } : {}),
        ...raw,
      });
      if (!r.success) {
        throw new SeedError(
          `seed: quote ${q.id} lineItems[${i}]: ${issuesToDetails(r.error)
            .map((d) => d.message)
            .join('; ')}`,
        );
      }
      return r.data;
    });
    addLineItems(ctx, caller, row, items, partner.currency);
  }
  if (q.sections?.length) {
    const lines = lineItemRows(ctx, q.id);
    replaceSections(
      ctx,
      q.id,
      q.sections.map((s, i) => ({
        id: randomUUID(),
        name: s.name,
        order: i,
        lineItems: s.lineItems.map((index, j) => {
          const line = lines[index];
          if (!line)
            throw new SeedError(
              `seed: quote ${q.id} sections[${i}] names line item ${index}, which is not there`,
            );
          return { lineItemId: line.id, order: j };
        }),
      })),
    );
  }
  if (q.accessList?.length) addAccessListEntries(ctx, caller, reloadQuote(ctx, q.id), q.accessList);
  applySeedStatus(ctx, q, createdOn);
  if (q.updatedDaysAgo !== undefined) {
    const updatedOn = new Date(Date.now() - q.updatedDaysAgo * 86_400_000).toISOString();
    ctx.sql('UPDATE quotes SET updated_on = ? WHERE id = ?').run(updatedOn, q.id);
  }
}

/** Puts a seeded quote in its status with the timestamps that status implies. */
function applySeedStatus(ctx: Ctx, q: SeedQuote, createdOn: string): void {
  if (q.status === 'draft') return;
  const at = new Date(Math.min(Date.now(), Date.parse(createdOn) + 86_400_000)).toISOString();
  const publishedStatuses = ['sent', 'accepted', 'declined', 'changes_requested', 'expired'];
  const published =
    publishedStatuses.includes(q.status) && q.status !== 'changes_requested' ? 1 : 0;
  const responded = ['accepted', 'declined', 'changes_requested'].includes(q.status);
  const by = q.respondedBy ? JSON.stringify(q.respondedBy) : null;
  ctx
    .sql(
      `UPDATE quotes SET status = ?, published = ?, published_on = ?, responded_on = ?, accepted_by = ?, declined_by = ?,
       updated_on = ? WHERE id = ?`,
    )
    .run(
      q.status,
      published,
      publishedStatuses.includes(q.status) ? at : null,
      responded ? at : null,
      q.status === 'accepted' ? by : null,
      q.status === 'declined' ? by : null,
      ctx.stamp(),
      q.id,
    );
}
