// The kits' calls (spread into calls.ts): named groups of line items kept on this computer,
// per connection profile, inserted into a quote in one step; never sent to the server.
import { z } from 'zod';
import { LIMITS } from '../api/limits';
import { KIT_FILE_MAX_BYTES, KitName } from '../kits';
import { call, Done, FilePath, none, quote } from './call';
import { KitPreview, KitSummary } from './kits';
import { Id } from './shapes';

export const kitCalls = {
  'kits.list': call(none, z.object({ kits: z.array(KitSummary) })),
  /** Keeps the given line items as a kit; the parent of a selected add-on comes along
   * (`addedParents` names them). */
  'kits.save': call(
    z.object({ ...quote, lineItemIds: z.array(Id).min(1).max(LIMITS.lineItems), name: KitName }),
    z.object({ kit: KitSummary, addedParents: z.array(z.string()) }),
  ),
  'kits.rename': call(z.object({ kitId: Id, name: KitName }), KitSummary),
  'kits.delete': call(z.object({ kitId: Id }), Done),
  /** What inserting the kit into the quote would do (room, price changes); changes nothing. */
  'kits.preview': call(z.object({ kitId: Id, ...quote }), KitPreview),
  /** The kit file's text, for the browser's download. */
  'kits.export': call(
    z.object({ kitId: Id }),
    z.object({ fileName: z.string(), json: z.string() }),
  ),
  /** Desktop: writes the kit file to `path` (from `app.chooseSavePath`). */
  'kits.saveFile': call(
    z.object({ kitId: Id, path: FilePath }),
    z.object({ path: z.string(), sizeBytes: z.number().int() }),
  ),
  /** Keeps the kit of a kit file; a file that is not a valid kit file is refused, naming what
   * is wrong. Desktop: `path` from `app.chooseDraftsFile` with `kind: 'kit'`; browser: the
   * text of a file picked in the page. */
  'kits.import': call(
    z.union([
      z.object({ path: FilePath }),
      z.object({ json: z.string().max(KIT_FILE_MAX_BYTES, 'is too large to be a kit file') }),
    ]),
    KitSummary,
  ),
} as const;
