// One PDF in a list (a quote's attachments, the company library): its name and facts, an
// inline rename, preview, move up and down, and delete. What each list does on those is
// its own; the row looks and reads the same in both.
import type { ReactNode } from 'react';
import { Button, IconButton, TextField } from '../ui';

/** The list's ids with `id` moved one place up (-1) or down (1); null at either end. */
export function movedOne(ids: readonly string[], id: string, d: -1 | 1): string[] | null {
  const out = [...ids];
  const i = out.indexOf(id);
  const j = i + d;
  if (i < 0 || j < 0 || j >= out.length) return null;
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

export interface RenameState {
  value: string;
  error?: string | undefined;
  maxLength?: number | undefined;
  onChange: (name: string) => void;
  /** Called with the form's default prevented; validates and saves. */
  onSubmit: () => void | Promise<void>;
  onCancel: () => void;
}

// long: one file's row: its preview, rename and replace actions act on the same file
export function PdfFileRow({
  name,
  meta,
  dataAttachment,
  rename,
  onOpen,
  onPreview,
  previewDisabled = false,
  editable,
  first,
  last,
  onMove,
  onStartRename,
  renameLabel,
  extra,
  onDelete,
}: {
  name: string;
  /** The facts under the name (size, date, …). */
  meta: ReactNode;
  dataAttachment?: string;
  /** Being renamed: the inline form takes the name's place. */
  rename: RenameState | null;
  /** Given: the name is a button that opens the file. */
  onOpen?: () => void;
  onPreview: () => void;
  previewDisabled?: boolean;
  /** The editing buttons (move, rename, delete) show. */
  editable: boolean;
  first: boolean;
  last: boolean;
  onMove: (delta: -1 | 1) => void;
  onStartRename: () => void;
  /** Accessible name of the Rename button, where it needs more than its text. */
  renameLabel?: string;
  /** More buttons before Delete (e.g. replace the file). */
  extra?: ReactNode;
  onDelete: () => void;
}) {
  const text = (
    <>
      <span className="item-name">{name}</span>
      <br />
      <span className="item-meta">{meta}</span>
    </>
  );
  return (
    <li data-attachment={dataAttachment}>
      <span className="file-icon" aria-hidden="true">
        PDF
      </span>
      {rename ? (
        <form
          className="row grow"
          onSubmit={(e) => {
            e.preventDefault();
            void rename.onSubmit();
          }}
        >
          <TextField
            label={`New name for ${name}`}
            hideLabel
            className="grow"
            autoFocus
            value={rename.value}
            maxLength={rename.maxLength}
            error={rename.error}
            onChange={(e) => rename.onChange(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && rename.onCancel()}
          />
          <Button type="submit" size="sm" variant="primary">
            Save
          </Button>
        </form>
      ) : onOpen ? (
        <button
          type="button"
          className="btn btn-ghost grow"
          style={{ justifyContent: 'flex-start', height: 'auto' }}
          onClick={onOpen}
        >
          <span style={{ textAlign: 'left' }}>{text}</span>
        </button>
      ) : (
        <span className="grow">{text}</span>
      )}
      <Button
        size="sm"
        onClick={onPreview}
        disabled={previewDisabled}
        aria-label={`Preview ${name}`}
      >
        Preview
      </Button>
      {editable && !rename && (
        <>
          <IconButton label={`Move ${name} up`} disabled={first} onClick={() => onMove(-1)}>
            ↑
          </IconButton>
          <IconButton label={`Move ${name} down`} disabled={last} onClick={() => onMove(1)}>
            ↓
          </IconButton>
          <Button size="sm" variant="ghost" onClick={onStartRename} aria-label={renameLabel}>
            Rename
          </Button>
          {extra}
          <IconButton label={`Delete ${name}`} onClick={onDelete}>
            ✕
          </IconButton>
        </>
      )}
    </li>
  );
}
