// No function in the app's sources runs over 100 lines unless the line directly above it starts
// with `// long:` and says why: a long function is many steps sharing one scope, and a reader
// cannot tell which state each step touches. Read with the TypeScript compiler's parser.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PARTS = ['common', 'main', 'server', 'preload', 'renderer'];
const SOURCE = /\.(ts|tsx)$/;
const LIMIT = 100;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(p);
    return SOURCE.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The statement or declaration a function's reason line sits above (`const f = () => …` → the `const`). */
function anchor(node: ts.Node): ts.Node {
  let n = node;
  while (
    n.parent &&
    (ts.isVariableDeclaration(n.parent) ||
      ts.isVariableDeclarationList(n.parent) ||
      ts.isVariableStatement(n.parent) ||
      ts.isPropertyAssignment(n.parent) ||
      ts.isExportAssignment(n.parent) ||
      ts.isParenthesizedExpression(n.parent) ||
      (ts.isCallExpression(n.parent) && n.parent.arguments.includes(n as ts.Expression)))
  ) {
    n = n.parent;
    if (ts.isVariableStatement(n) || ts.isExportAssignment(n)) break;
  }
  return n;
}

function nameOf(node: ts.FunctionLikeDeclaration, sf: ts.SourceFile): string {
  if (node.name) return node.name.getText(sf);
  const a = anchor(node);
  if (ts.isVariableStatement(a)) return a.declarationList.declarations[0]!.name.getText(sf);
  if (ts.isPropertyAssignment(a)) return a.name.getText(sf);
  return '(anonymous)';
}

/** Functions over the limit without a `// long:` line directly above them, as `file:line name (n lines)`. */
export function longFunctions(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const lines = text.split('\n');
  const found: string[] = [];
  // A long function inside a long one (a transaction's callback, a component's big handler)
  // is the same finding: the outer one's reason covers it.
  const visit = (node: ts.Node, insideLong: boolean) => {
    let long = insideLong;
    if (!insideLong && ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const start = sf.getLineAndCharacterOfPosition(fn.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(fn.getEnd()).line;
      const length = end - start + 1;
      if (length > LIMIT) {
        long = true;
        const top = sf.getLineAndCharacterOfPosition(anchor(fn).getStart(sf)).line;
        const above = (lines[top - 1] ?? '').trim();
        if (!above.startsWith('// long:')) {
          found.push(
            `${path.relative(ROOT, file)}:${start + 1} ${nameOf(fn, sf)} (${length} lines)`,
          );
        }
      }
    }
    ts.forEachChild(node, (child) => visit(child, long));
  };
  visit(sf, false);
  return found;
}

describe('source layout', () => {
  it(`keeps functions to ${LIMIT} lines, or says on the line above why one is longer`, () => {
    const files = PARTS.flatMap((p) => sources(path.join(ROOT, p)));
    expect(files.flatMap((f) => longFunctions(f))).toEqual([]);
  });

  it('finds a long function without a reason, and accepts one with a reason', () => {
    const body = Array.from({ length: LIMIT + 1 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const fn = `export function big() {\n${body}\n}\n`;
    const arrow = `export const big = () => {\n${body}\n};\n`;
    const file = path.join(ROOT, 'main/x.ts');
    expect(longFunctions(file, fn)).toEqual([`main/x.ts:1 big (${LIMIT + 3} lines)`]);
    expect(longFunctions(file, arrow)).toEqual([`main/x.ts:1 big (${LIMIT + 3} lines)`]);
    expect(longFunctions(file, `// long: one table of cases\n${fn}`)).toEqual([]);
    expect(longFunctions(file, `// long: one table of cases\n${arrow}`)).toEqual([]);
  });
});
