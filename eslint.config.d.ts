// Types for what tests read from eslint.config.js (the file-name rule's pattern).
export declare const KEBAB_FILE: RegExp;
declare const config: unknown;
export default config;
