/** One figure a suite reports, next to the target it is held to. */
export type Metric = {
  metric: string;
  value: number;
  unit: string;
  /** Human-readable target, e.g. "≥ 10000"; empty when the figure is informational. */
  target: string;
  /** Whether the target is met; null when there is no target. */
  pass: boolean | null;
};

export type SuiteOptions = {
  /** Arguments after the suite name that the runner did not consume. */
  args: string[];
  /** Progress notes; they go to stderr so `--json` output stays one object per line. */
  log: (line: string) => void;
};

/** A suite is a file `bench/<name>.ts` exporting `run` (and optionally `description`). */
export type Suite = {
  run: (opts: SuiteOptions) => Promise<Metric[]>;
  description?: string;
};
