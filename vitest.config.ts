import { defineConfig } from 'vitest/config';

// One run covers unit, integration (real HTTPS server, real SQLite, real keychain) and
// end-to-end (real Chromium) suites; scripts/test-all.sh sums them with the simulation.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
