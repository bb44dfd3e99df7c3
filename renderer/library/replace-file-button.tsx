// Replaces a library file's content (the spec's PATCH): the entry keeps its name, its place
// and its id, so quotes and preferences that name it get the new file.
import { useRef } from 'react';
import type { AttachmentView } from '../../common/ipc/shapes';
import { bridgeKind, errorOf, ipc } from '../ipc';
import { filesToBytes } from '../pdf/bytes';
import { Button } from '../ui';
import { toast } from '../ui/toast';

export function ReplaceFileButton({
  attachment,
  onReplaced,
}: {
  attachment: AttachmentView;
  onReplaced: () => void | Promise<void>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const done = async () => {
    toast.success(`${attachment.name} now has the new file.`);
    await onReplaced();
  };
  const fromFile = async (file: File) => {
    const { ok, errors } = await filesToBytes([file]);
    if (errors.length) return void toast.error(errors.join('; '));
    try {
      await ipc().call('library.replaceFromBytes', { attachmentId: attachment.id, file: ok[0]! });
      await done();
    } catch (e) {
      toast.error(errorOf(e).message);
    }
  };
  const pick = async () => {
    if (bridgeKind() === 'preload') {
      try {
        const { paths } = await ipc().call('app.choosePdfFiles', { multiple: false });
        if (!paths[0]) return;
        await ipc().call('library.replaceFromPath', {
          attachmentId: attachment.id,
          path: paths[0],
        });
        await done();
        return;
      } catch (e) {
        if (errorOf(e).code !== 'UNSUPPORTED') return void toast.error(errorOf(e).message);
      }
    }
    input.current?.click();
  };
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => void pick()}
        aria-label={`Replace file of ${attachment.name}`}
      >
        Replace file
      </Button>
      <input
        ref={input}
        type="file"
        accept="application/pdf,.pdf"
        hidden
        data-testid={`replace-input-${attachment.name}`}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void fromFile(f);
        }}
      />
    </>
  );
}
