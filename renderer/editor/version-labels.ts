// How versions and their money are named in the Versions panel and the compare view.
import type { TotalsBasis, VersionSummary } from '../../common/versions';
import { PERIOD_LABEL } from '../format/periods';

export const BASIS_LABEL: Record<TotalsBasis, string> = {
  initial: 'one-time',
  ...PERIOD_LABEL,
};

export function versionTitle(v: Pick<VersionSummary, 'number' | 'label'>): string {
  return `Version ${v.number} · ${v.label}`;
}
