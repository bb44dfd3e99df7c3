// The source tree's import graph, read with the TypeScript compiler's own module resolution:
// no import circle anywhere in the app's sources, and no source file over 500 lines without
// a reason stated at its top. (Layers are ESLint's job: eslint.config.js.)
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PARTS = ['common', 'main', 'server', 'preload', 'renderer'];
const SOURCE = /\.(ts|tsx)$/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(p);
    return SOURCE.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

const files = PARTS.flatMap((p) => sources(path.join(ROOT, p)));
const options: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  jsx: ts.JsxEmit.ReactJSX,
};

/** Every file's imports of our own files (static, dynamic and `export … from`; types included). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.flatMap(({ fileName }) => {
    if (!fileName.startsWith('.')) return [];
    const r = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
    const to = r?.resolvedFileName;
    return to && !to.includes('node_modules') && !to.endsWith('.d.ts') ? [path.resolve(to)] : [];
  });
}

/** Strongly connected components of more than one file (Tarjan): the import circles. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

const rel = (f: string) => path.relative(ROOT, f);

describe('source layout', () => {
  it('has no import circle in common/, main/, server/, preload/ or renderer/', () => {
    const graph = new Map(files.map((f) => [path.resolve(f), importsOf(f)]));
    const found = circles(graph).map((c) => c.map(rel).sort());
    expect(found).toEqual([]);
  });

  // ESLint's rule sees static imports only; a dynamic import() back up is an arrow all the same.
  it('keeps renderer/ui/ and renderer/kits/ from importing upward, dynamic imports included', () => {
    const renderer = path.join(ROOT, 'renderer');
    const folder = (f: string) => path.relative(renderer, f).split(path.sep)[0] ?? '';
    const below: Record<string, (to: string) => boolean> = {
      ui: (to) => !['ui', 'format'].includes(to),
      kits: (to) => ['editor', 'app'].includes(to),
    };
    const upward = files
      .filter((f) => f.startsWith(renderer + path.sep) && below[folder(f)])
      .flatMap((f) =>
        importsOf(f)
          .filter((to) => to.startsWith(renderer + path.sep) && below[folder(f)]?.(folder(to)))
          .map((to) => `${rel(f)} → ${rel(to)}`),
      );
    expect(upward).toEqual([]);
  });

  it('keeps source files to 500 lines, or says at the top why one is longer', () => {
    const long = files
      .filter((f) => !f.includes(`${path.sep}generated${path.sep}`))
      .flatMap((f) => {
        const text = fs.readFileSync(f, 'utf8');
        const lines = text.split('\n').length;
        const reason = /^\/\/ Over 500 lines: .+/.test(text);
        return lines > 500 && !reason ? [`${rel(f)} (${lines} lines)`] : [];
      });
    expect(long).toEqual([]);
  });
});
