import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '../../common/api/limits';
import type { AttachmentView } from '../../common/ipc/shapes';
import { bridgeKind, errorOf, ipc } from '../ipc';
import { formatBytes, formatDate } from '../format';
import { filesToBytes } from '../pdf/bytes';
import { useSync } from '../state/sync';
import { Button } from '../ui';
import { toast } from '../ui/toast';
import { PdfFileInput } from '../pdf/pdf-file-input';
import { movedOne, PdfFileRow } from '../pdf/pdf-file-row';
import { ReplaceFileButton } from './replace-file-button';

const PdfPreview = lazy(() =>
  import('../pdf/pdf-preview').then((m) => ({ default: m.PdfPreview })),
);

/** The partner's shared attachments. Reading works offline from the cache; changes need the server. */
// long: the library list with its preview, rename and replace over the same files
export default function LibraryScreen() {
  const [items, setItems] = useState<AttachmentView[] | null>(null);
  const [fromCache, setFromCache] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<AttachmentView | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string; error?: string } | null>(
    null,
  );
  const fileInput = useRef<HTMLInputElement>(null);
  const status = useSync((s) => s.status);
  const online = !!status?.available && status.online;

  const load = useCallback(async () => {
    try {
      const r = await ipc().call('library.list');
      setItems([...r.attachments].sort((a, b) => a.order - b.order));
      setFromCache(r.fromCache);
      setError(null);
    } catch (e) {
      setError(errorOf(e).message);
    }
  }, []);
  useEffect(() => {
    // load() sets state only after its call answers, not synchronously.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      await load();
      return true;
    } catch (e) {
      toast.error(errorOf(e).message);
      return false;
    }
  };

  const add = async (files: File[]) => {
    const { ok, errors } = await filesToBytes(files);
    if (errors.length) toast.error(errors.join('; '));
    if (ok.length) await act(() => ipc().call('library.addFromBytes', { files: ok }));
  };

  const pick = async () => {
    if (bridgeKind() === 'preload') {
      try {
        const { paths } = await ipc().call('app.choosePdfFiles', { multiple: true });
        if (paths.length) await act(() => ipc().call('library.addFromPaths', { paths }));
        return;
      } catch (e) {
        if (errorOf(e).code !== 'UNSUPPORTED') return void toast.error(errorOf(e).message);
      }
    }
    fileInput.current?.click();
  };

  const list = items ?? [];
  const move = (a: AttachmentView, d: -1 | 1) => {
    const ids = movedOne(
      list.map((x) => x.id),
      a.id,
      d,
    );
    if (ids) void act(() => ipc().call('library.reorder', { attachmentIds: ids }));
  };

  return (
    <div className="page page-narrow">
      <div className="page-header">
        <h1>Library</h1>
        <span className="muted">
          {list.length} of {LIMITS.libraryAttachments}
        </span>
        <Button
          variant="primary"
          onClick={() => void pick()}
          disabled={!online || list.length >= LIMITS.libraryAttachments}
        >
          Add PDF
        </Button>
        <PdfFileInput ref={fileInput} onFiles={(files) => void add(files)} />
      </div>
      <p className="muted">
        Documents shared by everyone at your company: copy them into quotes or make them default
        attachments in Preferences.
        {!online &&
          ' You are offline: the library can be read and previewed, and changed once you are back online.'}
        {fromCache && online && ' Showing the cached copy.'}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <section className="card card-pad">
        {items === null && !error && <p className="muted">Loading…</p>}
        {items?.length === 0 && <p className="muted">The library is empty.</p>}
        <ul className="plain-list" aria-label="Library attachments">
          {list.map((a, i) => (
            <PdfFileRow
              key={a.id}
              name={a.name}
              meta={
                <>
                  {formatBytes(a.sizeBytes)} · {formatDate(a.createdOn)}
                  {a.createdBy && ` · ${a.createdBy.fullName}`}
                </>
              }
              rename={
                renaming?.id === a.id
                  ? {
                      value: renaming.name,
                      error: renaming.error,
                      onChange: (name) => setRenaming({ id: a.id, name }),
                      onCancel: () => setRenaming(null),
                      onSubmit: async () => {
                        const name = renaming.name.trim();
                        if (!name) return setRenaming({ ...renaming, error: 'Name is required' });
                        if (
                          await act(() =>
                            ipc().call('library.rename', { attachmentId: a.id, name }),
                          )
                        )
                          setRenaming(null);
                      },
                    }
                  : null
              }
              onPreview={() => setPreview(a)}
              editable={online}
              first={i === 0}
              last={i === list.length - 1}
              onMove={(d) => move(a, d)}
              onStartRename={() => setRenaming({ id: a.id, name: a.name })}
              extra={<ReplaceFileButton attachment={a} onReplaced={load} />}
              onDelete={() => void act(() => ipc().call('library.delete', { attachmentId: a.id }))}
            />
          ))}
        </ul>
      </section>
      {preview && (
        <Suspense fallback={null}>
          <PdfPreview
            title={preview.name}
            load={() => ipc().call('library.preview', { attachmentId: preview.id })}
            onClose={() => setPreview(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
