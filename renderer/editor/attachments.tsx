import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { LIMITS } from '../../common/api/limits';
import type { AttachmentView, QuoteDetail } from '../../common/ipc/shapes';
import { bridgeKind, errorOf, ipc } from '../ipc';
import { formatBytes, formatDate } from '../format';
import { downloadBytes, filesToBytes } from '../pdf/bytes';
import { useEditor } from '../state/editor';
import { Button, Dialog } from '../ui';
import { toast } from '../ui/toast';
import { PdfFileInput } from '../pdf/pdf-file-input';
import { movedOne, PdfFileRow } from '../pdf/pdf-file-row';

const PdfPreview = lazy(() =>
  import('../pdf/pdf-preview').then((m) => ({ default: m.PdfPreview })),
);

// long: the attachment list with its preview, rename and library-pick dialogs over the same files
export function Attachments({ detail }: { detail: QuoteDetail }) {
  const quoteId = detail.header.id;
  const run = useEditor((s) => s.run);
  const errors = useEditor((s) => s.errors);
  const [preview, setPreview] = useState<AttachmentView | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [fromLibrary, setFromLibrary] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = [...detail.attachments].sort((a, b) => a.order - b.order);
  const full = list.length >= LIMITS.quoteAttachments;
  const editable = detail.editable;

  const addFiles = async (files: File[]) => {
    if (list.length + files.length > LIMITS.quoteAttachments) {
      useEditor
        .getState()
        .setError('attachments', `A quote holds at most ${LIMITS.quoteAttachments} attachments`);
      return;
    }
    const { ok, errors: bad } = await filesToBytes(files);
    useEditor.getState().setError('attachments', bad.length ? bad.join('; ') : null);
    if (ok.length) await run('attachments.addFromBytes', { quoteId, files: ok }, 'attachments');
  };

  const pickFromDisk = async () => {
    if (bridgeKind() === 'preload') {
      try {
        const { paths } = await ipc().call('app.choosePdfFiles', { multiple: true });
        if (paths.length) await run('attachments.addFromPaths', { quoteId, paths }, 'attachments');
        return;
      } catch (e) {
        if (errorOf(e).code !== 'UNSUPPORTED') return void toast.error(errorOf(e).message);
      }
    }
    fileInput.current?.click();
  };

  const move = (a: AttachmentView, d: -1 | 1) => {
    const ids = movedOne(
      list.map((x) => x.id),
      a.id,
      d,
    );
    if (ids) void run('attachments.reorder', { quoteId, attachmentIds: ids });
  };

  const zip = async () => {
    try {
      if (bridgeKind() === 'preload') {
        const name = `${detail.header.referenceCode ?? 'quote'}-attachments.zip`;
        const { path } = await ipc().call('app.chooseSavePath', { defaultName: name });
        if (!path) return;
        const r = await ipc().call('attachments.saveZip', { quoteId, path });
        toast.success(`Saved ${formatBytes(r.sizeBytes)} to ${r.path}`);
        return;
      }
      const z = await ipc().call('attachments.zip', { quoteId });
      downloadBytes(z.name, z.mimeType, z.base64);
    } catch (e) {
      toast.error(errorOf(e).message);
    }
  };

  return (
    <section
      className="card card-pad"
      aria-labelledby="att-h"
      onDragOver={(e) => editable && e.dataTransfer.types.includes('Files') && e.preventDefault()}
      onDrop={(e) => {
        if (!editable || !e.dataTransfer.files.length) return;
        e.preventDefault();
        void addFiles(Array.from(e.dataTransfer.files));
      }}
    >
      <div className="row" style={{ marginBottom: 8 }}>
        <h2 id="att-h" style={{ margin: 0 }}>
          Attachments
        </h2>
        <span className="muted">
          {list.length} of {LIMITS.quoteAttachments}
        </span>
        <span className="grow" />
        <Button size="sm" onClick={() => void zip()} disabled={list.length === 0}>
          Download all (.zip)
        </Button>
        {editable && (
          <>
            <Button size="sm" onClick={() => setFromLibrary(true)} disabled={full}>
              From library
            </Button>
            <Button size="sm" variant="primary" onClick={() => void pickFromDisk()} disabled={full}>
              Add PDF
            </Button>
          </>
        )}
        <PdfFileInput
          ref={fileInput}
          testId="attachment-file-input"
          onFiles={(files) => void addFiles(files)}
        />
      </div>
      {errors.attachments && (
        <p className="field-error" role="alert">
          {errors.attachments}
        </p>
      )}
      {list.length === 0 ? (
        <p className="muted">
          No attachments. Add PDFs from disk (or drop them here) or from the library.
        </p>
      ) : (
        <ul className="plain-list" aria-label="Attachments">
          {list.map((a, i) => (
            <PdfFileRow
              key={a.id}
              name={a.name}
              dataAttachment={a.name}
              meta={
                <>
                  {formatBytes(a.sizeBytes)} · {formatDate(a.createdOn)}
                  {!a.serverId && ' · not yet uploaded'}
                </>
              }
              rename={
                renaming?.id === a.id
                  ? {
                      value: renaming.name,
                      error: errors[`att:${a.id}`],
                      maxLength: LIMITS.attachmentNameMax,
                      onChange: (name) => setRenaming({ id: a.id, name }),
                      onCancel: () => setRenaming(null),
                      onSubmit: async () => {
                        const name = renaming.name.trim();
                        if (!name)
                          return useEditor.getState().setError(`att:${a.id}`, 'Name is required');
                        const r = await run(
                          'attachments.rename',
                          { quoteId, attachmentId: a.id, name },
                          `att:${a.id}`,
                        );
                        if (r) setRenaming(null);
                      },
                    }
                  : null
              }
              onOpen={() => setPreview(a)}
              onPreview={() => setPreview(a)}
              previewDisabled={!a.localFile}
              editable={editable}
              first={i === 0}
              last={i === list.length - 1}
              onMove={(d) => move(a, d)}
              onStartRename={() => setRenaming({ id: a.id, name: a.name })}
              renameLabel={`Rename ${a.name}`}
              onDelete={() => void run('attachments.delete', { quoteId, attachmentId: a.id })}
            />
          ))}
        </ul>
      )}
      {preview && (
        <Suspense fallback={null}>
          <PdfPreview
            title={preview.name}
            load={() => ipc().call('attachments.preview', { quoteId, attachmentId: preview.id })}
            onClose={() => setPreview(null)}
          />
        </Suspense>
      )}
      {fromLibrary && (
        <LibraryPicker
          max={LIMITS.quoteAttachments - list.length}
          onClose={() => setFromLibrary(false)}
          onPick={async (ids) => {
            const r = await run(
              'attachments.copyFromLibrary',
              { quoteId, libraryAttachmentIds: ids },
              'attachments',
            );
            if (r) setFromLibrary(false);
          }}
        />
      )}
    </section>
  );
}

export function LibraryPicker({
  max,
  onPick,
  onClose,
  title = 'Add from library',
}: {
  max: number;
  onPick: (ids: string[]) => void | Promise<void>;
  onClose: () => void;
  title?: string;
}) {
  const [items, setItems] = useState<AttachmentView[] | null>(null);
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    ipc()
      .call('library.list')
      .then((r) => setItems(r.attachments))
      .catch((e: unknown) => setError(errorOf(e).message));
  }, []);
  const ids = Object.keys(chosen).filter((k) => chosen[k]);
  return (
    <Dialog
      title={title}
      open
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            disabled={ids.length === 0 || ids.length > max}
            onClick={() => void onPick(ids)}
          >
            Add {ids.length || ''}
          </Button>
        </>
      }
    >
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {ids.length > max && <p className="field-error">Only {max} more fit.</p>}
      {items === null && !error && <p className="muted">Loading…</p>}
      {items?.length === 0 && <p className="muted">The library is empty.</p>}
      <ul className="plain-list">
        {items?.map((a) => (
          <li key={a.id}>
            <label className="row grow">
              <input
                type="checkbox"
                checked={!!chosen[a.id]}
                onChange={(e) => setChosen((c) => ({ ...c, [a.id]: e.target.checked }))}
              />
              {a.name} <span className="muted">{formatBytes(a.sizeBytes)}</span>
            </label>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
