// The store's callers stay on its public surface: outside main/store a file imports its index
// only, and the sync side (main/store/engine.ts) is main/sync's alone. ESLint says so
// (eslint.config.js); these lint the imports a caller might write, as files of each layer.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../main/store';
import { engineStore } from '../../main/store/engine';
import { REPO_ROOT } from '../helpers/server';
import { tempDir } from './fixtures';

const eslint = new ESLint({ cwd: REPO_ROOT });

/** The no-restricted-imports messages for `code` linted as the file `file`. */
async function refused(file: string, code: string): Promise<string[]> {
  const [r] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return r!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const deep = "import { parseDoc } from '../store/quote/totals';\nexport const a = parseDoc;\n";
const engine = "import { engineStore } from '../store/engine';\nexport const b = engineStore;\n";
const index = "import { openStore } from '../store';\nexport const c = openStore;\n";

describe('the store’s public surface', () => {
  it('is all a service or the core may import', { timeout: 60_000 }, async () => {
    for (const file of ['main/services/items.ts', 'main/core/session.ts']) {
      expect(await refused(file, index)).toEqual([]);
      expect(await refused(file, deep)).toHaveLength(1);
      expect(await refused(file, engine)).toHaveLength(1);
    }
  });

  it('and the sync side besides it, for the sync engine only', { timeout: 60_000 }, async () => {
    expect(await refused('main/sync/engine.ts', engine)).toEqual([]);
    expect(await refused('main/sync/engine.ts', deep)).toHaveLength(1);
    const inRoom =
      "import type { StoreSync } from '../syncing/sync-side';\nexport type T = StoreSync;\n";
    expect(await refused('main/store/local/kits.ts', inRoom)).toHaveLength(1);
  });

  it('hands out the sync side of an opened store, and refuses anything else', () => {
    const store = openStore(path.join(tempDir(), 'q.sqlite'));
    // @ts-expect-error: the public surface has no sync side (services and core cannot reach it).
    expect(store.sync).toBeDefined();
    expect(engineStore(store).sync.listDirty()).toEqual([]);
    expect(() => engineStore({} as never)).toThrow(/no sync side/);
    store.close();
  });
});
