// Sums every suite's results into the single closing line CI reads: "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = path.join(dir, 'vitest.json');
if (existsSync(vitest)) {
  const r = JSON.parse(readFileSync(vitest, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed +=
    (r.numFailedTests ?? 0) +
    (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0);
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
} else {
  failed += 1;
  console.log('vitest wrote no report');
}
const sim = path.join(dir, 'sim.json');
if (existsSync(sim)) {
  const r = JSON.parse(readFileSync(sim, 'utf8'));
  passed += r.passed ?? 0;
  failed += r.failed ?? 0;
}
console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ''));
process.exit(failed > 0 || passed === 0 ? 1 : 0);
