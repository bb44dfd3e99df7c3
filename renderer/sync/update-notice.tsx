// Updates in the status bar: a calm line while one downloads or when looking for one failed
// (said once; the app keeps working), and "Restart to update" once a verified update is ready.
// Nothing restarts until the salesperson presses it.
import { useEffect, useState } from 'react';
import type { UpdateState } from '../../common/ipc/managed';
import { errorOf, ipc } from '../ipc';
import { Button } from '../ui';
import { toast } from '../ui/toast';

export function UpdateNotice() {
  const [update, setUpdate] = useState<UpdateState | null>(null);
  const [restarting, setRestarting] = useState(false);
  useEffect(() => {
    ipc()
      .call('app.updateState')
      .then(setUpdate)
      .catch(() => {});
    return ipc().on('update.state', setUpdate);
  }, []);
  if (!update) return null;
  if (update.state === 'ready') {
    return (
      <span className="row" role="status">
        <span>{update.message}</span>
        <Button
          size="sm"
          variant="primary"
          disabled={restarting}
          onClick={() => {
            setRestarting(true);
            ipc()
              .call('app.restartToUpdate')
              .catch((e: unknown) => {
                setRestarting(false);
                toast.error(errorOf(e).message);
              });
          }}
        >
          {restarting ? 'Restarting…' : 'Restart to update'}
        </Button>
      </span>
    );
  }
  if (update.state === 'downloading') {
    return (
      <span className="muted" role="status">
        Downloading Quotedesk {update.version}…
      </span>
    );
  }
  if (update.state === 'failed') {
    return (
      <span className="muted" role="status" title={update.message}>
        {update.message}
      </span>
    );
  }
  return null;
}
