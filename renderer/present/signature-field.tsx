// The client's signature: drawn on a pad with a finger, a pen or the mouse (signature_pad,
// which reads pointer events, so touch and pen pressure work alike), or — the fallback for the
// keyboard and for anyone who would rather not draw — their name typed. The parent reads what
// was given through `onChange`: a PNG of the drawing, the typed name, or nothing yet.
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import type { DeskSignature } from '../../common/ipc/desk';
import { Button, TextField } from '../ui';

/** The fallback: the name typed, shown as a signature would be. */
function TypedSignature({
  onChange,
  onDraw,
  error,
}: {
  onChange: (s: DeskSignature | null) => void;
  onDraw: () => void;
  error?: string | null | undefined;
}) {
  const [typed, setTyped] = useState('');
  return (
    <div className="desk-signature">
      <TextField
        label="Type your name to sign"
        value={typed}
        error={error}
        autoComplete="off"
        // The button that led here is gone: the keyboard goes on where the name is typed.
        autoFocus
        onChange={(e) => {
          setTyped(e.target.value);
          const text = e.target.value.trim();
          onChange(text ? { kind: 'typed', text } : null);
        }}
      />
      <p className="desk-typed-preview" aria-hidden="true">
        {typed}
      </p>
      <Button variant="ghost" size="sm" onClick={onDraw}>
        Draw the signature instead
      </Button>
    </div>
  );
}

export function SignatureField({
  onChange,
  error,
}: {
  onChange: (s: DeskSignature | null) => void;
  error?: string | null;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [typing, setTyping] = useState(false);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });

  useEffect(() => {
    const el = canvas.current;
    if (!el || typing) return;
    // Sharp on high-density screens: the bitmap at device pixels, drawn in CSS pixels.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.width = el.offsetWidth * ratio;
    el.height = el.offsetHeight * ratio;
    el.getContext('2d')?.scale(ratio, ratio);
    const p = new SignaturePad(el, { penColor: '#1f2937', backgroundColor: 'rgba(0,0,0,0)' });
    pad.current = p;
    const done = () => {
      const png = p.isEmpty() ? null : p.toDataURL('image/png').split(',')[1]!;
      changed.current(png ? { kind: 'drawn', pngBase64: png } : null);
    };
    p.addEventListener('endStroke', done);
    return () => {
      p.removeEventListener('endStroke', done);
      p.off();
      pad.current = null;
    };
  }, [typing]);

  if (typing) {
    return (
      <TypedSignature
        onChange={onChange}
        error={error}
        onDraw={() => {
          setTyping(false);
          onChange(null);
        }}
      />
    );
  }
  return (
    <div className="desk-signature">
      <p className="field-label" id="desk-signature-label">
        Signature
      </p>
      <canvas
        ref={canvas}
        className="desk-pad"
        role="img"
        aria-labelledby="desk-signature-label"
        aria-describedby="desk-signature-hint"
        data-testid="signature-pad"
      />
      <p id="desk-signature-hint" className="field-hint">
        Sign with a finger, a pen or the mouse.
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            pad.current?.clear();
            onChange(null);
          }}
        >
          Clear
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setTyping(true)}>
          Type the name instead
        </Button>
      </div>
    </div>
  );
}
