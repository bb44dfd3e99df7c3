// PDF bytes from the proposal model with pdfmake (on pdfkit), fonts embedded, offline: the
// document may not reach a URL or a local file (both access policies refuse everything; the
// fonts are handed over in memory).
import pdfmake from 'pdfmake';
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

function configure(fontsDir?: string) {
  const fonts = loadFonts(fontsDir);
  if (configuredFor !== fonts.dir) {
    for (const [style, file] of Object.entries(FONT_FILES)) {
      pdfmake.virtualfs.writeFileSync(file, fonts.files[style as keyof typeof FONT_FILES]);
    }
    pdfmake.setFonts({ Roboto: { ...FONT_FILES } });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy(() => false);
    configuredFor = fonts.dir;
  }
  return fonts;
}

export async function renderProposal(
  model: ProposalModel,
  opts: RenderOptions = {},
): Promise<RenderedProposal> {
  const fonts = configure(opts.fontsDir);
  const missing = new Set<string>();
  const doc = proposalDocument(model, {
    locale: safeLocale(opts.locale),
    t: (text) => drawable(text, fonts, missing),
  });
  const bytes = await pdfmake.createPdf(doc).getBuffer();
  return { bytes: Buffer.from(bytes), missingCharacters: [...missing] };
}
