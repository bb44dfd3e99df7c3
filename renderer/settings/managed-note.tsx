// The mark of a setting the organisation's policy locks: the salesperson sees why it cannot be
// changed, and whom to ask.
import type { PolicyStatus } from '../../common/ipc/managed';

export const MANAGED_TEXT = 'Set by your organisation';

export function ManagedNote() {
  return (
    <span className="managed-note" title="Locked by your IT department's policy">
      {MANAGED_TEXT}
    </span>
  );
}

/** Above Settings: that a policy is in force, or why the one found was ignored. */
export function PolicyBanner({ policy }: { policy: PolicyStatus | null }) {
  if (!policy || policy.status === 'none') return null;
  if (policy.status === 'applied') {
    return (
      <p className="readonly-note" role="note">
        Some settings are set by your organisation ({policy.source}) and cannot be changed here.
      </p>
    );
  }
  return (
    <div className="readonly-note" role="alert">
      <p style={{ margin: 0 }}>
        Your organisation’s policy ({policy.source}) has a problem and was ignored; Quotedesk works
        with its own settings until it is fixed. Tell your IT department:
      </p>
      <ul>
        {policy.problems.map((p) => (
          <li key={`${p.field}:${p.message}`}>
            <span className="mono">{p.field}</span> {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
