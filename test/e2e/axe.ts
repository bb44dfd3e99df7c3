// axe-core, injected into the page as it is now: the serious and critical violations, one line
// each, naming the rule and the first elements that break it.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../helpers/server';
import type { PageProblems } from './browser';

const AXE = path.join(REPO_ROOT, 'node_modules/axe-core/axe.min.js');

export async function seriousViolations(page: Page, problems: PageProblems): Promise<string[]> {
  // Evaluated over the DevTools protocol: the app's CSP rightly refuses an injected <script>.
  if (!(await page.evaluate('typeof window.axe !== "undefined"')))
    await page.evaluate(fs.readFileSync(AXE, 'utf8'));
  const before = problems.errors.length;
  const found = await page.evaluate<{ id: string; impact: string; nodes: string[] }[]>(`
    window.axe.run(document, { resultTypes: ['violations'] }).then((r) =>
      r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) })))
  `);
  // axe adds a <style> of its own while it measures; the app's CSP refuses it, which says
  // nothing about the app: those refusals are not counted as the page's problems.
  problems.errors = problems.errors.filter(
    (e, i) => i < before || !/Applying inline style violates/.test(e),
  );
  return found.map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).join(', ')}`);
}
