// Kits: groups of line items kept in this profile's store (never sent to the server), saved
// from a quote, inserted into another in one undoable edit, shared as files.
import fs from 'node:fs';
import type { KitSummary } from '../../common/ipc';
import {
  KIT_FILE_MAX_BYTES,
  kitFileName,
  kitFileText,
  parseKitFile,
  type KitContent,
} from '../../common/kits';
import type { StoredKit } from '../store';
import { requireGranted, type ServiceContext } from './context';
import { ServiceError, unsupportedInBrowser } from './errors';
import { saveWhole } from './save-file';
import type { EditCallName } from '../../common/ipc/edit-calls';
import type { EditSteps } from './edit-steps';
import type { Group } from './group';

export function kitSummary(kit: StoredKit): KitSummary {
  const { sections, items, currency } = kit.content;
  return {
    id: kit.id,
    name: kit.name,
    createdOn: kit.createdOn,
    updatedOn: kit.updatedOn,
    currency,
    itemCount: items.length,
    sections: sections.map((s) => s.name),
    items: items.map((i) => {
      const parent = i.type !== 'Custom' && i.parent !== null ? items[i.parent] : undefined;
      const section = i.section !== null ? sections[i.section]?.name : undefined;
      return {
        name: i.productName,
        sku: i.sku,
        kind: i.type,
        billingTerm: i.billingTerm,
        quantity: i.quantity,
        price: i.price,
        ...(section ? { section } : {}),
        ...(parent ? { addOnOf: parent.productName } : {}),
      };
    }),
  };
}

function refuseFile(message: string): never {
  throw new ServiceError('VALIDATION', message, { field: 'json' });
}

/**
 * A kit of another partner's catalogue or currency is refused at the door: its items could
 * never be added here. Checked against what this profile knows (nothing known: let it in).
 */
function checkBelongsHere(ctx: ServiceContext, kit: KitContent): void {
  const store = ctx.store();
  const currency = store.identity()?.currency;
  if (currency && kit.currency !== currency) {
    refuseFile(`The kit's prices are in ${kit.currency}; this connection's are in ${currency}.`);
  }
  if (store.caches.listProducts('', 1).length === 0) return;
  kit.items.forEach((item, i) => {
    if (item.type === 'Custom' || store.caches.product(item.productId)) return;
    refuseFile(
      `The kit is for another connection: kit.items.${i} (${item.productName}) is not a product of this connection's catalogue.`,
    );
  });
}

/** A kit file the app's own open dialog handed out; one far larger than a kit is not read. */
function readKitFile(ctx: ServiceContext, file: string): string {
  requireGranted(ctx, 'read', file, 'path');
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    throw new ServiceError('VALIDATION', 'path: the file could not be read.', { field: 'path' });
  }
  if (size > KIT_FILE_MAX_BYTES) refuseFile('The file is too large to be a kit file.');
  return fs.readFileSync(file, 'utf8');
}

/** Before a kit goes in: today's prices, and whether it fits, in words the dialog shows. */
export function kitSteps(ctx: ServiceContext): Pick<EditSteps, 'kits.insert'> {
  return {
    'kits.insert': async ({ kitId, quoteId }) => {
      await ctx.catalogueReady();
      const { problem } = ctx.store().previewKit(quoteId, kitId);
      if (problem) throw new ServiceError('VALIDATION', problem.message, { field: 'kitId' });
    },
  };
}

export function kitHandlers(ctx: ServiceContext): Omit<Group<'kits'>, EditCallName> {
  return {
    'kits.list': () => ({ kits: ctx.store().kits.list().map(kitSummary) }),
    'kits.save': ({ quoteId, lineItemIds, name }) => {
      const saved = ctx.store().saveKit(quoteId, lineItemIds, name);
      return { kit: kitSummary(saved.kit), addedParents: saved.addedParents };
    },
    'kits.rename': ({ kitId, name }) => kitSummary(ctx.store().kits.rename(kitId, name)),
    'kits.delete': ({ kitId }) => {
      ctx.store().kits.remove(kitId);
      return { done: true as const };
    },
    'kits.preview': async ({ kitId, quoteId }) => {
      // Today's prices are the catalogue copy's: let this session's first one arrive.
      await ctx.catalogueReady();
      const store = ctx.store();
      const kit = store.kits.require(kitId);
      const plan = store.previewKit(quoteId, kitId);
      return {
        kitId,
        name: kit.name,
        itemCount: plan.itemCount,
        room: plan.room,
        ...(plan.problem ? { problem: plan.problem.message } : {}),
        priceChanges: plan.priceChanges,
        newSections: plan.newSections,
      };
    },
    'kits.export': ({ kitId }) => {
      const kit = ctx.store().kits.require(kitId);
      return {
        fileName: kitFileName(kit.name),
        json: kitFileText(kit.content, new Date().toISOString()),
      };
    },
    'kits.saveFile': ({ kitId, path: target }, call) => {
      if (call.via === 'browser') throw unsupportedInBrowser('Saving to a chosen folder');
      requireGranted(ctx, 'write', target, 'path');
      const kit = ctx.store().kits.require(kitId);
      const bytes = Buffer.from(kitFileText(kit.content, new Date().toISOString()), 'utf8');
      saveWhole(target, bytes);
      return { path: target, sizeBytes: bytes.length };
    },
    'kits.import': (input) => {
      const r = parseKitFile('path' in input ? readKitFile(ctx, input.path) : input.json);
      if (!r.ok) refuseFile(r.problem.message);
      checkBelongsHere(ctx, r.kit);
      return kitSummary(ctx.store().kits.add(r.kit));
    },
  };
}
