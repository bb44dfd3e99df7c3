// The packaged app runs main from one esbuild bundle (out/main/app.cjs) with the fonts copied
// beside it: the proposal must work from such a bundle, with no node_modules around it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { common, copyProposalFonts, ROOT } from '../../scripts/build';
import { pdfText } from './helpers';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-bundle-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('proposal from the CommonJS bundle', () => {
  it('renders with the fonts beside the bundle, run from a folder without node_modules', async () => {
    const entry = path.join(dir, 'entry.ts');
    fs.writeFileSync(
      entry,
      `import { proposalModel, renderProposal } from ${JSON.stringify(path.join(ROOT, 'main/proposal'))};
const work = {
  id: 'q', status: 'draft', client: { id: 'c', name: 'Åsa Bygg AB', isShadowCompany: false },
  partner: null, createdBy: 'Ada Stone', createdOn: '2026-03-01T10:00:00Z', expiresOn: '2026-03-31T10:00:00Z',
  introMessage: '', termsAndDisclaimers: '', referenceCode: 'Q-2026-000007', ownedBy: null,
  currency: 'SEK', sections: [], lineItems: [],
};
renderProposal(proposalModel({ work } as never)).then((r) => process.stdout.write(r.bytes.toString('base64')));
`,
    );
    const out = path.join(dir, 'main', 'app.cjs');
    await build({
      ...common,
      entryPoints: [entry],
      outfile: out,
      sourcemap: false,
      logLevel: 'error',
    });
    copyProposalFonts(path.join(dir, 'main', 'fonts'));
    const b64 = execFileSync(process.execPath, [out], { cwd: dir, encoding: 'utf8' });
    const text = pdfText(Buffer.from(b64, 'base64'));
    expect(text).toContain('Q-2026-000007');
    expect(text).toContain('Åsa Bygg AB');
  }, 60_000);
});
