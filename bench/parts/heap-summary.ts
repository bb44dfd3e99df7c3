// What a V8 heap snapshot holds, by constructor: the self size and count of every kind of
// object, largest first, and what grew between two snapshots of the same process. Enough to
// say which of our structures holds memory without opening DevTools.
import fs from 'node:fs';

export interface HeapClass {
  name: string;
  count: number;
  bytes: number;
}

type Snapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
};

/** Self sizes summed by constructor (objects) or by type (strings, code, arrays…). */
export function summarizeHeap(file: string): Map<string, HeapClass> {
  const snap = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const out = new Map<string, HeapClass>();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt!]!]!;
    const name =
      type === 'object' || type === 'closure'
        ? `${snap.strings[snap.nodes[i + nameAt!]!]}${type === 'closure' ? '()' : ''}`
        : `(${type})`;
    const c = out.get(name) ?? { name, count: 0, bytes: 0 };
    c.count++;
    c.bytes += snap.nodes[i + sizeAt!]!;
    out.set(name, c);
  }
  return out;
}

/** The `n` largest classes, one line each. */
export function topClasses(heap: Map<string, HeapClass>, n = 12): string[] {
  return [...heap.values()]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, n)
    .map(
      (c) =>
        `${(c.bytes / 2 ** 20).toFixed(2).padStart(8)} MB ${String(c.count).padStart(8)}× ${c.name}`,
    );
}

/** Classes that grew from `before` to `after`, most bytes first. */
export function grownClasses(
  before: Map<string, HeapClass>,
  after: Map<string, HeapClass>,
  n = 12,
): string[] {
  return [...after.values()]
    .map((c) => {
      const b = before.get(c.name);
      return { ...c, bytes: c.bytes - (b?.bytes ?? 0), count: c.count - (b?.count ?? 0) };
    })
    .filter((c) => c.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, n)
    .map(
      (c) =>
        `${(c.bytes / 1024).toFixed(1).padStart(9)} KB ${String(c.count).padStart(7)}× ${c.name}`,
    );
}
