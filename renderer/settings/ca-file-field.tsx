// The connection's extra CA certificate, picked as a file: the page reads its text and hands
// that to main, which keeps its own copy. Main never reads a path typed in the page.
import { useId } from 'react';

export function CaFileField({
  fileName,
  error,
  onFile,
}: {
  fileName: string;
  error?: string | undefined;
  onFile: (name: string, pem: string) => void;
}) {
  const id = useId();
  return (
    <div className={`field span-2 ${error ? 'field-invalid' : ''}`}>
      <label htmlFor={id} className="field-label">
        Extra CA file (optional)
      </label>
      <input
        id={id}
        type="file"
        accept=".pem,.crt,.cer,application/x-pem-file"
        aria-describedby={`${id}-hint${error ? ` ${id}-err` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (!file) return onFile('', '');
          void file.text().then((pem) => onFile(file.name, pem));
        }}
      />
      <span id={`${id}-hint`} className="field-hint">
        {fileName
          ? `${fileName} — Quotedesk keeps a copy of it.`
          : 'The certificate (PEM) of your company’s own certificate authority, if it uses one.'}
      </span>
      {error && (
        <span id={`${id}-err`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
