// The chain of a quote's versions (table `quote_versions`, migration 16): each version records
// the SHA-256 of its content (`sha256`) and the chain hash of the version before it
// (`prev_sha256`), and its own chain hash (`chain_sha256`) covers its number, its content's
// hash and that link. Changing a version's content, removing one or putting them in another
// order therefore breaks the chain at that version, and "Verify" can name it. Removing the
// latest version(s) leaves a shorter chain that is still whole: nothing after them vouches for
// them. Pure functions, also used by the migration that chained the versions made before it.
import { createHash } from 'node:crypto';

/** The hash a version is kept with, of its content exactly as stored. */
export function versionHash(doc: string): string {
  return createHash('sha256').update(doc, 'utf8').digest('hex');
}

/** A version's link in the chain: its number, its content's hash and the link before it. */
export function chainHash(number: number, sha256: string, prev: string | null): string {
  return createHash('sha256')
    .update(`quotedesk version chain\n${number}\n${sha256}\n${prev ?? ''}`, 'utf8')
    .digest('hex');
}

/** One version as stored, for the check. */
export interface ChainRow {
  number: number;
  doc: string;
  sha256: string | null;
  prev_sha256: string | null;
  chain_sha256: string | null;
}

export type ChainFault = 'altered' | 'removed' | 'reordered';

/** One version's part of the check. */
export interface ChainLink {
  number: number;
  recorded: string | null;
  recomputed: string;
  chain: string | null;
  intact: boolean;
}

export interface ChainCheck {
  links: ChainLink[];
  /** The first place the chain breaks, or null when every version is as it was saved. */
  broken: { number: number; fault: ChainFault } | null;
}

function faultOf(row: ChainRow, expected: number, prev: ChainRow | null): ChainFault | null {
  const recomputed = versionHash(row.doc);
  if (row.sha256 !== recomputed) return 'altered';
  if (row.number > expected) return 'removed';
  if (row.prev_sha256 !== (prev?.chain_sha256 ?? null)) return 'reordered';
  if (row.chain_sha256 !== chainHash(row.number, recomputed, row.prev_sha256)) return 'altered';
  return null;
}

/** Hashes every version again, oldest first, and finds the first that breaks the chain. */
export function checkChain(rows: readonly ChainRow[]): ChainCheck {
  let broken: ChainCheck['broken'] = null;
  let prev: ChainRow | null = null;
  const links = rows.map((row) => {
    const fault = faultOf(row, (prev?.number ?? 0) + 1, prev);
    // A removed version is missing before this one: it is named, not this one.
    if (fault && !broken) {
      broken = { number: fault === 'removed' ? (prev?.number ?? 0) + 1 : row.number, fault };
    }
    prev = row;
    return {
      number: row.number,
      recorded: row.sha256,
      recomputed: versionHash(row.doc),
      chain: row.chain_sha256,
      intact: fault === null || fault === 'removed',
    };
  });
  return { links, broken };
}
