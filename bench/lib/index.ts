export type { Metric, Suite, SuiteOptions } from './types';
export { atLeast, atMost, info } from './metric';
export { measure, type Timing } from './measure';
export { formatTable, formatJsonLines, type SuiteResult } from './table';
export { listSuites, loadSuite, BENCH_DIR } from './suites';
