import { useEffect, useRef, useState } from 'react';
import type { BytesResult } from '../../common/ipc/shapes';
import { errorOf } from '../ipc';
import { Button, Dialog } from '../ui';
import { base64ToBytes } from './bytes';

type PdfDoc = {
  numPages: number;
  getPage: (n: number) => Promise<{
    getViewport: (o: { scale: number }) => { width: number; height: number };
    render: (o: { canvas: HTMLCanvasElement; viewport: unknown }) => {
      promise: Promise<void>;
      cancel: () => void;
    };
  }>;
  destroy: () => Promise<void>;
};

// pdf.js and its worker are loaded only when a preview opens, and never from the network.
async function loadPdf(bytes: Uint8Array): Promise<PdfDoc> {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const task = pdfjs.getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: false,
    useSystemFonts: true,
    enableXfa: false,
  });
  return (await task.promise) as unknown as PdfDoc;
}

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

// long: loading the document, paging and zoom share the one rendered PDF
export function PdfPreview({
  title,
  load,
  onClose,
}: {
  title: string;
  load: () => Promise<BytesResult>;
  onClose: () => void;
}) {
  const [doc, setDoc] = useState<PdfDoc | null>(null);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(2);
  const [error, setError] = useState<string | null>(null);
  const [rendering, setRendering] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const loadRef = useRef(load);

  useEffect(() => {
    let alive = true;
    let opened: PdfDoc | null = null;
    loadRef
      .current()
      .then((b) => loadPdf(base64ToBytes(b.base64)))
      .then((d) => {
        opened = d;
        if (alive) setDoc(d);
        else void d.destroy();
      })
      .catch(
        (e: unknown) =>
          alive && setError(errorOf(e).message || 'This file could not be opened as a PDF.'),
      );
    return () => {
      alive = false;
      void opened?.destroy();
    };
  }, []);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let task: { promise: Promise<void>; cancel: () => void } | null = null;
    let alive = true;
    setRendering(true);
    void doc
      .getPage(page)
      .then((p) => {
        if (!alive || !canvas.current) return;
        const ratio = window.devicePixelRatio || 1;
        const scale = ZOOMS[zoom]!;
        const vp = p.getViewport({ scale: scale * ratio });
        const c = canvas.current;
        c.width = Math.floor(vp.width);
        c.height = Math.floor(vp.height);
        c.style.width = `${Math.floor(vp.width / ratio)}px`;
        c.style.height = `${Math.floor(vp.height / ratio)}px`;
        task = p.render({ canvas: c, viewport: vp });
        task.promise
          .then(() => alive && setRendering(false))
          .catch(() => alive && setRendering(false));
      })
      // Closed while the page was read: pdf.js ends its transport and rejects ("Transport
      // destroyed"); nothing is shown any more, so nothing to tell.
      .catch(() => alive && setRendering(false));
    return () => {
      alive = false;
      task?.cancel();
    };
  }, [doc, page, zoom]);

  return (
    <Dialog title={`Preview: ${title}`} open onClose={onClose} wide>
      <div className="pdf-toolbar" role="toolbar" aria-label="Preview controls">
        <Button
          size="sm"
          onClick={() => setPage((p) => Math.max(1, p - 1))}
          disabled={!doc || page <= 1}
        >
          ← Previous
        </Button>
        <span aria-live="polite" data-testid="pdf-page">
          Page {page} of {doc?.numPages ?? '…'}
        </span>
        <Button
          size="sm"
          onClick={() => setPage((p) => Math.min(doc?.numPages ?? 1, p + 1))}
          disabled={!doc || page >= doc.numPages}
        >
          Next →
        </Button>
        <span className="grow" />
        <Button
          size="sm"
          aria-label="Zoom out"
          onClick={() => setZoom((z) => Math.max(0, z - 1))}
          disabled={zoom === 0}
        >
          −
        </Button>
        <span aria-live="polite" style={{ minWidth: 48, textAlign: 'center' }}>
          {Math.round(ZOOMS[zoom]! * 100)}%
        </span>
        <Button
          size="sm"
          aria-label="Zoom in"
          onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
          disabled={zoom === ZOOMS.length - 1}
        >
          +
        </Button>
      </div>
      {/* It scrolls when the page is larger than the dialog: reachable by Tab, arrows scroll. */}
      <div
        className="pdf-stage"
        aria-busy={rendering || !doc}
        tabIndex={0}
        role="region"
        aria-label={`Page ${page}`}
      >
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : (
          <canvas
            ref={canvas}
            role="img"
            aria-label={`Page ${page} of ${title}`}
            data-testid="pdf-canvas"
            data-rendered={!rendering && !!doc}
          />
        )}
      </div>
    </Dialog>
  );
}
