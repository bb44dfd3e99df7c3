// Asks before the first edit of a quote the client accepted at the desk: the accepted version
// stays as signed, the edit starts a new one ("Edit as a new version"), or nothing changes
// ("Cancel": what was typed goes, the fields show the quote again). The app shell installs the
// asker at start, so an edit from any screen (the editor, present mode's choices) is asked
// about, and mounts this with the first question (its code loads then).
import { answerAcceptedLock, useAcceptedLock } from '../state/accepted-lock';
import { Button, Dialog } from '../ui';

export function AcceptedLockDialog() {
  const question = useAcceptedLock((s) => s.question);
  return (
    <Dialog
      title="Edit the accepted quote?"
      open={question !== null}
      onClose={() => answerAcceptedLock(false)}
      initialFocus=".accepted-lock-confirm"
      footer={
        <>
          <Button onClick={() => answerAcceptedLock(false)}>Cancel</Button>
          <Button
            variant="primary"
            className="accepted-lock-confirm"
            onClick={() => answerAcceptedLock(true)}
          >
            Edit as a new version
          </Button>
        </>
      }
    >
      <p>{question?.message}</p>
    </Dialog>
  );
}
