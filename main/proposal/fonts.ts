// The proposal's fonts: Roboto as pdfmake ships it (Latin with its accents, Greek, Cyrillic),
// embedded into every document. Read from a folder at run time: in a checkout, pdfmake's own
// copy; in the Electron bundle, `fonts/` beside out/main/app.cjs (scripts/build.ts copies it
// there, electron-builder ships out/main/**).
import fs from 'node:fs';
import path from 'node:path';

export const FONT_FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;

export type FontStyle = keyof typeof FONT_FILES;

/** Shown in place of a character the fonts cannot draw. */
export const REPLACEMENT = '\uFFFD';

function candidates(explicit?: string): string[] {
  const out: string[] = [];
  if (explicit) out.push(explicit);
  // Bundle: out/main/fonts. Tests (vitest) also define __dirname; there it is main/proposal.
  if (typeof __dirname === 'string') out.push(path.join(__dirname, 'fonts'));
  if (typeof require === 'function') {
    try {
      out.push(path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto'));
    } catch {
      // not in a checkout: the bundle's copy is the one
    }
  }
  out.push(path.join(process.cwd(), 'node_modules', 'pdfmake', 'fonts', 'Roboto'));
  return out;
}

export interface ProposalFonts {
  dir: string;
  files: Record<FontStyle, Buffer>;
  /** True when the regular face has a glyph for the code point. */
  covers(codePoint: number): boolean;
}

let loaded: ProposalFonts | null = null;

/**
 * Loads the fonts once (fontkit itself on first use, like pdfmake); throws naming the folders
 * tried when none holds them.
 */
export async function loadFonts(explicitDir?: string): Promise<ProposalFonts> {
  if (loaded && (!explicitDir || loaded.dir === explicitDir)) return loaded;
  const tried = candidates(explicitDir);
  const dir = tried.find((d) => fs.existsSync(path.join(d, FONT_FILES.normal)));
  if (!dir) {
    throw new Error(`The proposal fonts were not found (looked in ${tried.join(', ')}).`);
  }
  const files = Object.fromEntries(
    Object.entries(FONT_FILES).map(([style, file]) => [
      style,
      fs.readFileSync(path.join(dir, file)),
    ]),
  ) as Record<FontStyle, Buffer>;
  const { fontkit } = await import('./pdf-libs');
  const face = fontkit.create(files.normal);
  const known = new Map<number, boolean>();
  loaded = {
    dir,
    files,
    covers(cp) {
      let hit = known.get(cp);
      if (hit === undefined) {
        hit = face.hasGlyphForCodePoint(cp);
        known.set(cp, hit);
      }
      return hit;
    },
  };
  return loaded;
}

/**
 * The text with every character the fonts cannot draw replaced by U+FFFD, and those
 * characters. Line breaks and tabs pass; other control characters are dropped.
 */
export function drawable(text: string, fonts: ProposalFonts, missing: Set<string>): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (ch === '\n' || ch === '\t') out += ch;
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
    else if (fonts.covers(cp)) out += ch;
    else {
      missing.add(ch);
      out += REPLACEMENT;
    }
  }
  return out;
}
