// The Versions panel: the quote as it was published (frozen at that moment, here) and the
// versions saved by hand, each with who, when, the status then and its totals; compare any two
// (or one with the quote now), restore one as one undoable edit, open its proposal PDF, and
// "Verify" follows the chain of hashes through all of them (main/store/version-chain.ts). Read
// when the quote opens and when its status changes (a publish makes a version), never on a
// keystroke.
import { lazy, Suspense, useEffect, useState } from 'react';
import type { QuoteDetail } from '../../common/ipc/shapes';
import type { VersionCheck, VersionSummary } from '../../common/versions';
import { formatDateTime, formatMinor } from '../format';
import { errorOf, ipc } from '../ipc';
import { useAcceptedLock } from '../state/accepted-lock';
import { useEditor } from '../state/editor';
import { Button, Dialog, STATUS_LABEL, TextField } from '../ui';
import { toast } from '../ui/toast';
import { CompareDialog } from './compare-dialog';
import { BASIS_LABEL, versionTitle } from './version-labels';

const PdfPreview = lazy(() =>
  import('../pdf/pdf-preview').then((m) => ({ default: m.PdfPreview })),
);

function totalsText(v: VersionSummary): string {
  if (v.totals.length === 0) return 'No line items';
  return v.totals
    .map((t) => `${formatMinor(t.total, v.currency)} ${BASIS_LABEL[t.basis]}`)
    .join(' · ');
}

// long: one component: the list, its three dialogs and their handlers share its state
export function VersionsCard({ detail }: { detail: QuoteDetail }) {
  const quoteId = detail.header.id;
  const run = useEditor((s) => s.run);
  const [versions, setVersions] = useState<VersionSummary[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [label, setLabel] = useState('');
  const [labelError, setLabelError] = useState<string | null>(null);
  const [comparing, setComparing] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<VersionSummary | null>(null);
  const [pdfOf, setPdfOf] = useState<number | null>(null);
  const [check, setCheck] = useState<VersionCheck | null>(null);

  const [reloads, setReloads] = useState(0);
  const { status, publishedOn } = detail.header;
  // Ending an accepted state saves a version too (accepted-lock-dialog.tsx).
  const afterAccepted = useAcceptedLock((st) => st.started);
  // A publish (a change of status) makes a version; nothing else does but this panel and that.
  useEffect(() => {
    let live = true;
    ipc()
      .call('versions.list', { quoteId })
      .then((r) => live && setVersions(r.versions))
      .catch((e: unknown) => toast.error(errorOf(e).message));
    return () => {
      live = false;
    };
  }, [quoteId, status, publishedOn, reloads, afterAccepted]);

  const save = async () => {
    try {
      const v = await ipc().call('versions.save', { quoteId, label });
      setSaving(false);
      setLabel('');
      setLabelError(null);
      toast.success(`Saved as version ${v.number}.`);
      setReloads((n) => n + 1);
    } catch (e) {
      setLabelError(errorOf(e).message);
    }
  };

  const verify = async () => {
    try {
      setCheck(await ipc().call('versions.verify', { quoteId }));
    } catch (e) {
      toast.error(errorOf(e).message);
    }
  };

  const restore = async (v: VersionSummary) => {
    setRestoring(null);
    const out = await run('versions.restore', { quoteId, number: v.number });
    if (out) toast.success(`Version ${v.number} restored. Undo takes it back.`);
  };

  return (
    <section className="card card-pad stack" aria-labelledby="versions-h">
      <div className="row">
        <h2 id="versions-h" className="grow">
          Versions
        </h2>
        {versions && versions.length > 0 && (
          <Button
            size="sm"
            variant="ghost"
            aria-label="Verify versions"
            onClick={() => void verify()}
          >
            Verify
          </Button>
        )}
        <Button size="sm" onClick={() => setSaving(true)}>
          Save version
        </Button>
      </div>
      {check && (
        <p
          className={check.intact ? 'muted' : 'field-error'}
          role={check.intact ? 'status' : 'alert'}
        >
          {check.message}
        </p>
      )}
      {versions && versions.length === 0 && (
        <p className="muted">
          None yet. Publishing keeps the quote as sent; “Save version” keeps it as it is now.
        </p>
      )}
      {versions && versions.length > 0 && (
        <ol className="versions" aria-labelledby="versions-h">
          {[...versions].reverse().map((v) => (
            <li key={v.number} className="version">
              <div className="version-title">{versionTitle(v)}</div>
              <div className="muted version-meta">
                {[v.createdBy || 'You', formatDateTime(v.createdOn), STATUS_LABEL[v.status]].join(
                  ' · ',
                )}
              </div>
              <div className="version-totals">{totalsText(v)}</div>
              {v.sha256 && (
                <div
                  className="muted version-meta mono"
                  title={`SHA-256 ${v.sha256}${v.chainSha256 ? `\nChain ${v.chainSha256}` : ''}`}
                >
                  SHA-256 {v.sha256.slice(0, 12)}…
                  {check?.broken?.number === v.number && ' · not as saved'}
                </div>
              )}
              <div className="row version-actions">
                <Button
                  size="sm"
                  aria-label={`Compare version ${v.number} with now`}
                  onClick={() => setComparing(v.number)}
                >
                  Compare
                </Button>
                {detail.editable && (
                  <Button
                    size="sm"
                    aria-label={`Restore version ${v.number}`}
                    onClick={() => setRestoring(v)}
                  >
                    Restore
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Proposal PDF of version ${v.number}`}
                  onClick={() => setPdfOf(v.number)}
                >
                  PDF
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {versions && versions.length > 0 && !detail.editable && (
        <p className="muted">Move the quote back to draft to restore a version.</p>
      )}
      <Dialog
        title="Save version"
        open={saving}
        onClose={() => setSaving(false)}
        footer={
          <>
            <Button onClick={() => setSaving(false)}>Cancel</Button>
            <Button variant="primary" onClick={() => void save()}>
              Save
            </Button>
          </>
        }
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <TextField
            label="Label"
            value={label}
            error={labelError}
            hint="For example: Before the discount"
            maxLength={100}
            onChange={(e) => setLabel(e.target.value)}
          />
        </form>
      </Dialog>
      <Dialog
        title={restoring ? `Restore version ${restoring.number}?` : 'Restore'}
        open={restoring !== null}
        onClose={() => setRestoring(null)}
        footer={
          <>
            <Button onClick={() => setRestoring(null)}>Cancel</Button>
            <Button variant="primary" onClick={() => restoring && void restore(restoring)}>
              Restore
            </Button>
          </>
        }
      >
        <p>
          The introduction, terms, expiry, line items and sections become those of{' '}
          {restoring ? versionTitle(restoring) : ''}. Recipients, attachments and the status stay as
          they are. Undo takes it back; the change syncs like any edit.
        </p>
      </Dialog>
      {comparing !== null && versions && (
        <CompareDialog
          quoteId={quoteId}
          versions={versions}
          from={comparing}
          onClose={() => setComparing(null)}
        />
      )}
      {pdfOf !== null && (
        <Suspense fallback={null}>
          <PdfPreview
            title={`Proposal of version ${pdfOf}`}
            load={() => ipc().call('versions.pdf', { quoteId, number: pdfOf })}
            onClose={() => setPdfOf(null)}
          />
        </Suspense>
      )}
    </section>
  );
}
