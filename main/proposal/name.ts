/** `Proposal Q-2026-000042 Acme Corp.pdf`: safe on every file system, at most 120 characters. */
export function proposalFileName(referenceCode: string | null, clientName: string): string {
  const raw = `Proposal ${referenceCode ?? 'draft'} ${clientName}`;
  const safe = [...raw.normalize('NFC')]
    // Control characters and the characters some file systems refuse become spaces.
    .map((c) => (c.charCodeAt(0) < 0x20 || c === '\u007f' || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 116)
    .trim();
  return `${safe || 'Proposal'}.pdf`;
}
