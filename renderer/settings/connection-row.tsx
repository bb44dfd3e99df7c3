// One saved connection in Settings: where it points, where its secret is kept, the last test's
// answer, and its actions (test, enter the secret, use it, remove it unless a policy holds it).
import type { ConnectionTestResult, ProfileView } from '../../common/ipc/shapes';
import { Button } from '../ui';
import { ManagedNote } from './managed-note';

const SECRET_KEPT = {
  keychain: 'secret in the system keychain',
  memory: 'secret kept for this session only',
} as const;

export function ConnectionRow({
  profile: p,
  test: t,
  demoLocked,
  onTest,
  onEnterSecret,
  onUse,
  onRemove,
}: {
  profile: ProfileView;
  test: ConnectionTestResult | 'testing' | undefined;
  /** The policy sets the demo connection: it is managed, and stays. */
  demoLocked: boolean;
  onTest: () => void;
  onEnterSecret: () => void;
  onUse: () => void;
  onRemove: () => void;
}) {
  const managed = p.managed || (p.isDemo && demoLocked);
  return (
    <li style={{ flexWrap: 'wrap' }}>
      <span className="grow">
        <span className="item-name">
          {p.name} {p.active && <span className="status status-accepted">Active</span>}{' '}
          {p.isDemo && <span className="kind">demo</span>} {managed && <ManagedNote />}
        </span>
        <br />
        <span className="item-meta">
          {p.baseUrl} · client {p.clientId} ·{' '}
          {p.secret === 'keychain' || p.secret === 'memory'
            ? SECRET_KEPT[p.secret]
            : 'no secret stored'}
        </span>
        {t && t !== 'testing' && (
          <span
            className={t.ok ? 'field-hint' : 'field-error'}
            role="status"
            style={{ display: 'block' }}
          >
            {t.ok ? '✓ ' : ''}
            {t.message}
          </span>
        )}
      </span>
      <Button size="sm" onClick={onTest} disabled={t === 'testing'}>
        {t === 'testing' ? 'Testing…' : 'Test'}
      </Button>
      {!p.isDemo && (
        <Button
          size="sm"
          variant={p.secret === 'none' ? 'primary' : 'secondary'}
          onClick={onEnterSecret}
        >
          Enter secret…
        </Button>
      )}
      {!p.active && (
        <Button size="sm" onClick={onUse}>
          Use this
        </Button>
      )}
      {!managed && (
        <Button size="sm" variant="danger" onClick={onRemove}>
          Remove
        </Button>
      )}
    </li>
  );
}
