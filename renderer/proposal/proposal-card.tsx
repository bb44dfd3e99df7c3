// The proposal PDF, the client's copy of the quote: previewed in the app's PDF viewer, saved
// (desktop save dialog, or the browser's download) or attached to the quote in one click (it
// uploads at the next sync). Generated in main from this computer's copy: works offline.
import { lazy, Suspense, useState } from 'react';
import type { QuoteDetail } from '../../common/ipc/shapes';
import { bridgeKind, errorOf, ipc } from '../ipc';
import { formatBytes, userLocale } from '../format';
import { downloadBytes } from '../pdf/bytes';
import { useEditor } from '../state/editor';
import { Button } from '../ui';
import { toast } from '../ui/toast';

const PdfPreview = lazy(() =>
  import('../pdf/pdf-preview').then((m) => ({ default: m.PdfPreview })),
);

function warnMissing(chars: string[]) {
  if (chars.length === 0) return;
  toast.info(
    `The PDF's font has no letters for ${chars.slice(0, 12).join(' ')}${chars.length > 12 ? ' …' : ''}: they show as �.`,
  );
}

export function ProposalCard({ detail }: { detail: QuoteDetail }) {
  const quoteId = detail.header.id;
  const run = useEditor((s) => s.run);
  const [previewing, setPreviewing] = useState(false);
  const [busy, setBusy] = useState<null | 'save' | 'attach'>(null);
  const locale = userLocale();

  const save = async () => {
    setBusy('save');
    try {
      if (bridgeKind() === 'preload') {
        const r = await ipc().call('proposal.render', { quoteId, locale });
        const { path } = await ipc().call('app.chooseSavePath', { defaultName: r.name });
        if (!path) return;
        const saved = await ipc().call('proposal.save', { quoteId, locale, path });
        toast.success(`Saved ${formatBytes(saved.sizeBytes)} to ${saved.path}`);
        warnMissing(saved.missingCharacters);
        return;
      }
      const r = await ipc().call('proposal.render', { quoteId, locale });
      downloadBytes(r.name, r.mimeType, r.base64);
      warnMissing(r.missingCharacters);
    } catch (e) {
      toast.error(errorOf(e).message);
    } finally {
      setBusy(null);
    }
  };

  const attach = async () => {
    setBusy('attach');
    try {
      const r = await run('proposal.attach', { quoteId, locale }, 'proposal');
      if (r) {
        toast.success('Proposal attached: it uploads with the next sync.');
        warnMissing(r.missingCharacters);
      }
    } finally {
      setBusy(null);
    }
  };

  const error = useEditor((s) => s.errors.proposal);
  return (
    <section className="card card-pad" aria-labelledby="proposal-h">
      <h2 id="proposal-h">Proposal PDF</h2>
      <p className="muted" style={{ marginTop: 0 }}>
        The client’s copy: items, totals, intro and terms. Made on this computer, also offline.
      </p>
      <div className="row" style={{ flexWrap: 'wrap' }}>
        <Button size="sm" onClick={() => setPreviewing(true)}>
          Preview proposal
        </Button>
        <Button size="sm" onClick={() => void save()} disabled={busy !== null}>
          {bridgeKind() === 'preload' ? 'Save proposal…' : 'Download proposal'}
        </Button>
        <Button
          size="sm"
          variant="primary"
          onClick={() => void attach()}
          disabled={busy !== null || !detail.editable}
          title={detail.editable ? undefined : 'Attachments cannot change in this status'}
        >
          Attach to quote
        </Button>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {previewing && (
        <Suspense fallback={null}>
          <PdfPreview
            title="Proposal"
            load={async () => {
              const r = await ipc().call('proposal.render', { quoteId, locale });
              warnMissing(r.missingCharacters);
              return r;
            }}
            onClose={() => setPreviewing(false)}
          />
        </Suspense>
      )}
    </section>
  );
}
