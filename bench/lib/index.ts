export type { Metric, Suite, SuiteOptions } from './types';
export { atLeast, atMost, info } from './metric';
export { measure, percentile, type Timing } from './measure';
export { NORTHWIND, CLIENT_IDS, PRODUCTS, writeSeed, type SeedQuotes } from './seed';
export { formatTable, formatJsonLines, type SuiteResult } from './table';
export { listSuites, loadSuite, BENCH_DIR } from './suites';
export { benchScale, scaled } from './scale';
export { memoryKeychain } from './memory-keychain';
export { processTreeCpuMs } from './process-cpu';
