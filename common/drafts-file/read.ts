// Reading a drafts file back: refused with words that say what is wrong — not ours, damaged
// (naming the field), or of a newer format — before anything is written. The bytes of each
// file are checked against their SHA-256 in main, which has the hash.
import { DRAFTS_FORMAT, DRAFTS_VERSION, DraftsFile } from './schema';

export type DraftsFileProblem = 'not-ours' | 'damaged' | 'newer';

export type ReadDrafts =
  | { ok: true; file: DraftsFile }
  | { ok: false; problem: DraftsFileProblem; message: string; field?: string };

const refuse = (problem: DraftsFileProblem, message: string, field?: string): ReadDrafts => ({
  ok: false,
  problem,
  message,
  ...(field ? { field } : {}),
});

const NOT_OURS = 'This file is not a Quotedesk drafts export.';

export function readDraftsFile(text: string): ReadDrafts {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    // A cut-off export is not JSON either: say both.
    return text.trimStart().startsWith(`{`) && text.includes(DRAFTS_FORMAT)
      ? refuse('damaged', 'This drafts file is damaged: it is not complete JSON (cut off?).')
      : refuse('not-ours', NOT_OURS);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return refuse('not-ours', NOT_OURS);
  const head = raw as { format?: unknown; version?: unknown };
  if (head.format !== DRAFTS_FORMAT) return refuse('not-ours', NOT_OURS, 'format');
  if (typeof head.version === 'number' && head.version > DRAFTS_VERSION)
    return refuse(
      'newer',
      `This drafts file was made by a newer Quotedesk (format version ${head.version}; this one reads version ${DRAFTS_VERSION}). Update Quotedesk, then import it again.`,
      'version',
    );
  const parsed = DraftsFile.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.map(String).join('.');
    return refuse(
      'damaged',
      `This drafts file is damaged: ${field ? `${field}: ` : ''}${issue.message}.`,
      field || undefined,
    );
  }
  const file = parsed.data;
  const known = new Set(file.files.map((f) => f.sha256));
  for (const [i, q] of file.quotes.entries())
    for (const [j, a] of q.work.attachments.entries())
      if (a.sha256 && a.url === null && !known.has(a.sha256))
        return refuse(
          'damaged',
          `This drafts file is damaged: quotes.${i}.work.attachments.${j}.sha256: the file “${a.name}” is not in it.`,
          `quotes.${i}.work.attachments.${j}.sha256`,
        );
  return { ok: true, file };
}
