// The packaged app runs main from an esbuild bundle (out/main/app.cjs) with the PDF libraries'
// bundle and the fonts beside it: the proposal must work from there, with no node_modules
// around it, and the PDF libraries must not be loaded before the first proposal.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildMain, PDF_LIBS_BUNDLE, ROOT } from '../../scripts/build';
import { pdfText } from './helpers';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-bundle-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('proposal from the CommonJS bundle', () => {
  it('renders with the PDF libraries and fonts beside the bundle, loaded on the first proposal, run from a folder without node_modules', async () => {
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
const pdfLibsLoaded = () => Object.keys(require.cache).some((f) => f.endsWith(${JSON.stringify(`/${PDF_LIBS_BUNDLE}`)}));
const before = pdfLibsLoaded();
renderProposal(proposalModel({ work } as never)).then((r) =>
  process.stdout.write(JSON.stringify({ before, after: pdfLibsLoaded(), pdf: r.bytes.toString('base64') })),
);
`,
    );
    const out = path.join(dir, 'main', 'app.cjs');
    await buildMain({ entry, outfile: out, sourcemap: false });
    const run = JSON.parse(
      execFileSync(process.execPath, [out], { cwd: dir, encoding: 'utf8' }),
    ) as {
      before: boolean;
      after: boolean;
      pdf: string;
    };
    expect(run.before).toBe(false);
    expect(run.after).toBe(true);
    const text = pdfText(Buffer.from(run.pdf, 'base64'));
    expect(text).toContain('Q-2026-000007');
    expect(text).toContain('Åsa Bygg AB');
  }, 60_000);
});
