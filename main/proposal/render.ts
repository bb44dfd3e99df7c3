// PDF bytes from the proposal model with pdfmake (on pdfkit), fonts embedded, offline: the
// document may not reach a URL or a local file (both access policies refuse everything; the
// fonts are handed over in memory). pdfmake (with pdfkit, fontkit and brotli, as much code as
// the rest of main) is loaded on the first proposal, not at the app's start (`pdf-libs.ts`):
// evaluating it costs ~200 ms of CPU and ~25 MB of RSS that a salesperson who makes no
// proposal never needs.
import { proposalDocument } from './document';
import { safeLocale } from './format';
import { FONT_FILES, drawable, loadFonts } from './fonts';
import type { ProposalModel } from './model';

export interface RenderOptions {
  locale?: string;
  /** Folder of the Roboto files; found on its own in a checkout and in the bundle. */
  fontsDir?: string;
}

export interface RenderedProposal {
  bytes: Buffer;
  /** Characters the embedded fonts cannot draw, shown as U+FFFD in the document. */
  missingCharacters: string[];
}

let configuredFor: string | null = null;

async function configure(fontsDir?: string) {
  const { pdfmake } = await import('./pdf-libs');
  const fonts = await loadFonts(fontsDir);
  if (configuredFor !== fonts.dir) {
    for (const [style, file] of Object.entries(FONT_FILES)) {
      pdfmake.virtualfs.writeFileSync(file, fonts.files[style as keyof typeof FONT_FILES]);
    }
    pdfmake.setFonts({ Roboto: { ...FONT_FILES } });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy(() => false);
    configuredFor = fonts.dir;
  }
  return { pdfmake, fonts };
}

export async function renderProposal(
  model: ProposalModel,
  opts: RenderOptions = {},
): Promise<RenderedProposal> {
  const { pdfmake, fonts } = await configure(opts.fontsDir);
  const missing = new Set<string>();
  const doc = proposalDocument(model, {
    locale: safeLocale(opts.locale),
    t: (text) => drawable(text, fonts, missing),
  });
  const bytes = await pdfmake.createPdf(doc).getBuffer();
  return { bytes: Buffer.from(bytes), missingCharacters: [...missing] };
}
