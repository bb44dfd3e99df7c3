import { useStoreHealth } from '../state/store-health';
import { Button, Dialog } from '../ui';

/**
 * Says once, above every screen, that the local store is damaged (with the way out) or that
 * the disk is full; and after a repair, what came back and what could not.
 */
export function StoreNotice() {
  const health = useStoreHealth((s) => s.health);
  const report = useStoreHealth((s) => s.report);
  const repairing = useStoreHealth((s) => s.repairing);
  const { repair, dismissReport } = useStoreHealth.getState();
  return (
    <>
      {health?.message && (
        <div className="store-notice" role="alert" data-testid="store-notice">
          <span>{health.message}</span>
          {health.damaged && (
            <Button variant="primary" size="sm" disabled={repairing} onClick={() => void repair()}>
              {repairing ? 'Repairing…' : 'Repair'}
            </Button>
          )}
        </div>
      )}
      <Dialog
        title="Local quotes repaired"
        open={report !== null && report.movedTo !== ''}
        onClose={dismissReport}
        footer={
          <Button variant="primary" onClick={dismissReport}>
            OK
          </Button>
        }
      >
        <p>{report?.message}</p>
        {report && report.recovered.length > 0 && (
          <>
            <h3>Recovered, will sync</h3>
            <ul>
              {report.recovered.map((r, i) => (
                <li key={i}>{r}</li>
              ))}
            </ul>
          </>
        )}
        {report && report.lost.length > 0 && (
          <>
            <h3>Could not be recovered</h3>
            <ul>
              {report.lost.map((r, i) => (
                <li key={i}>{r}</li>
              ))}
            </ul>
          </>
        )}
      </Dialog>
    </>
  );
}
