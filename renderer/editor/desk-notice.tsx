// What became of the client's last answer given at the desk, for the salesperson: waiting for
// the next sync, with the server, stopped because the server's copy changed after the client
// saw it (compare the two, then send it anyway or keep it here only), refused by the partner
// API (the signed proposal stays attached and the answer stays recorded here), or withdrawn.
import { useEffect, useState } from 'react';
import type { DeskResponse } from '../../common/ipc/desk';
import type { QuoteDetail } from '../../common/ipc/shapes';
import type { VersionSummary } from '../../common/versions';
import { formatDateTime } from '../format';
import { errorOf, ipc } from '../ipc';
import { useEditor } from '../state/editor';
import { Button } from '../ui';
import { toast } from '../ui/toast';
import { CompareDialog } from './compare-dialog';

const ANSWER: Record<DeskResponse['kind'], string> = {
  accepted: 'acceptance',
  declined: 'decline',
  changes_requested: 'request for changes',
};
const MARK: Record<DeskResponse['kind'], string> = {
  accepted: 'accepted',
  declined: 'declined',
  changes_requested: 'changes requested',
};

function who(r: DeskResponse): string {
  return `${r.name} (${r.email}) on ${formatDateTime(r.signedAt)}`;
}

function Stopped({ r, quoteId }: { r: DeskResponse; quoteId: string }) {
  const run = useEditor((s) => s.run);
  const [versions, setVersions] = useState<VersionSummary[] | null>(null);
  const compare = async () => {
    try {
      setVersions((await ipc().call('versions.list', { quoteId })).versions);
    } catch (e) {
      toast.error(errorOf(e).message);
    }
  };
  return (
    <>
      <div className="readonly-note desk-notice stack" role="alert">
        <p>
          <strong>Not marked {MARK[r.kind]}:</strong> the quote changed on the server after the
          client saw it. The client’s {ANSWER[r.kind]} ({who(r)}) is kept on this computer with the
          version they saw. Compare the two, then decide.
        </p>
        <div className="row">
          <Button size="sm" onClick={() => void compare()}>
            Compare the changes
          </Button>
          <Button size="sm" onClick={() => void run('desk.decide', { quoteId, decision: 'send' })}>
            Send the {ANSWER[r.kind]} anyway
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void run('desk.decide', { quoteId, decision: 'withdraw' })}
          >
            Keep it on this computer only
          </Button>
        </div>
      </div>
      {versions && (
        <CompareDialog
          quoteId={quoteId}
          versions={versions}
          from={r.version}
          {...(r.serverVersion ? { to: r.serverVersion } : {})}
          onClose={() => setVersions(null)}
        />
      )}
    </>
  );
}

function said(r: DeskResponse): string | null {
  switch (r.state) {
    case 'queued':
      return `The client’s ${ANSWER[r.kind]} at the desk (${who(r)}) is recorded here with the signed proposal; the quote will be marked ${MARK[r.kind]} at the next sync.`;
    case 'sent':
      return `Marked ${MARK[r.kind]} at the desk by ${who(r)}; the signed proposal is attached.`;
    case 'refused':
      return `Not marked ${MARK[r.kind]}. ${r.message ?? 'The partner API refused the status change.'} The client’s ${ANSWER[r.kind]} (${who(r)}) stays recorded on this computer and the signed proposal stays attached.`;
    case 'withdrawn':
      return `The client’s ${ANSWER[r.kind]} (${who(r)}) is kept on this computer only.`;
    default:
      return null;
  }
}

export function DeskNotice({ detail }: { detail: QuoteDetail }) {
  const quoteId = detail.header.id;
  const [latest, setLatest] = useState<DeskResponse | null>(null);
  const { status } = detail.header;
  const syncState = detail.sync.state;
  const { generation } = detail;
  // An answer is made by an edit (status and generation move); after that only sync moves it on
  // (sent, stopped, refused). So a quote with no answer pending is not read again at every step
  // of every sync round — only one whose answer is still on its way.
  const pending = latest?.state === 'queued' || latest?.state === 'stopped';
  const watched = pending ? syncState : '';
  useEffect(() => {
    let live = true;
    ipc()
      .call('desk.responses', { quoteId })
      .then((r) => live && setLatest(r.responses.at(-1) ?? null))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [quoteId, status, watched, generation]);

  if (!latest) return null;
  if (latest.state === 'stopped') return <Stopped r={latest} quoteId={quoteId} />;
  const text = said(latest);
  if (!text) return null;
  return (
    <p className="readonly-note desk-notice" role={latest.state === 'refused' ? 'alert' : 'note'}>
      {text}
    </p>
  );
}
