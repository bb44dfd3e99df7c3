// The hidden file input behind an "Add PDF" button: PDFs only, several at once, and cleared
// after each choice so the same file can be chosen again.
import type { Ref } from 'react';

export function PdfFileInput({
  ref,
  onFiles,
  testId,
}: {
  ref: Ref<HTMLInputElement>;
  onFiles: (files: File[]) => void;
  testId?: string;
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept="application/pdf,.pdf"
      multiple
      hidden
      data-testid={testId}
      onChange={(e) => {
        const files = Array.from(e.target.files ?? []);
        e.target.value = '';
        if (files.length) onFiles(files);
      }}
    />
  );
}
