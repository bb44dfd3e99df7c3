/** `Proposal Q-2026-000042 Acme Corp.pdf`: safe on every file system, at most 120 characters. */
export function proposalFileName(referenceCode: string | null, clientName: string): string {
  const raw = `Proposal ${referenceCode ?? 'draft'} ${clientName}`;
  const safe = raw
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 116)
    .trim();
  return `${safe || 'Proposal'}.pdf`;
}
