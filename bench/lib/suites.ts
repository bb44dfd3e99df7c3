import { readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import type { Suite } from './types';

export const BENCH_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const NOT_SUITES = new Set(['run']);
const SUITE_NAME = /^[a-z0-9][a-z0-9-]*$/;

/** Suite names: every `bench/<name>.ts` except the runner itself. */
export async function listSuites(): Promise<string[]> {
  const files = await readdir(BENCH_DIR);
  return files
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.slice(0, -'.ts'.length))
    .filter((name) => SUITE_NAME.test(name) && !NOT_SUITES.has(name))
    .sort();
}

export async function loadSuite(name: string): Promise<Suite> {
  const mod = (await import(
    pathToFileURL(path.join(BENCH_DIR, `${name}.ts`)).href
  )) as Partial<Suite>;
  if (typeof mod.run !== 'function') {
    throw new Error(`bench/${name}.ts does not export run(opts): Promise<Metric[]>`);
  }
  return { run: mod.run, description: mod.description };
}
