// The preload as the build makes it, run against a stand-in of Electron's two objects: every
// call and event of the contract passes, anything else is refused before it reaches main.
// Nothing lists the names beside the contract: the build takes them from its maps.
import { build } from 'esbuild';
import * as nodeUrl from 'node:url';
import { describe, expect, it } from 'vitest';
import { preloadOptions } from '../../scripts/build';
import { callNames, eventNames } from '../../common/ipc';

interface Exposed {
  invoke(name: unknown, input?: unknown): Promise<unknown>;
  on(event: unknown, handler: unknown): () => void;
}

async function loadPreload(): Promise<{ api: Exposed; invoked: string[]; listened: number }> {
  const out = await build({ ...preloadOptions('/virtual/preload.cjs'), write: false });
  const code = out.outputFiles[0]!.text;
  const invoked: string[] = [];
  let api: Exposed | undefined;
  let listened = 0;
  const electron = {
    contextBridge: { exposeInMainWorld: (_key: string, value: Exposed) => (api = value) },
    ipcRenderer: {
      invoke: (_channel: string, name: string) => {
        invoked.push(name);
        return Promise.resolve({ ok: true, value: null });
      },
      on: () => (listened += 1),
      removeListener: () => {},
    },
  };
  const module = { exports: {} };
  const req = (id: string) => {
    if (id === 'electron') return electron;
    // The bundles' banner (scripts/build.ts `common`); the sandbox's require has url.
    if (id === 'node:url') return nodeUrl;
    throw new Error(`the preload required ${id}`);
  };
  new Function('require', 'module', 'exports', '__filename', code)(
    req,
    module,
    module.exports,
    '/virtual/preload.cjs',
  );
  return {
    api: api!,
    invoked,
    get listened() {
      return listened;
    },
  };
}

describe('the preload allowlist', () => {
  it('lets every call of the contract through and refuses any other name', async () => {
    const p = await loadPreload();
    for (const name of callNames) await p.api.invoke(name, {});
    expect(p.invoked).toEqual(callNames);
    const refused = (await p.api.invoke('quotes.dropTable')) as { error: { code: string } };
    expect(refused.error.code).toBe('UNKNOWN_CALL');
    expect(p.invoked).toHaveLength(callNames.length);
  });

  it('subscribes to every event of the contract and throws for any other', async () => {
    const p = await loadPreload();
    for (const name of eventNames) p.api.on(name, () => {});
    expect(p.listened).toBe(eventNames.length);
    expect(() => p.api.on('quotes.dropped', () => {})).toThrow(/not an event/);
  });
});
