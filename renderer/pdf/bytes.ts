import { LIMITS } from '../../common/api/limits';
import type { FileBytes } from '../../common/ipc/shapes';

export function base64ToBytes(b64: string): Uint8Array {
  const from = (Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array }).fromBase64;
  if (from) return from(b64);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => {
      const s = String(r.result);
      resolve(s.slice(s.indexOf(',') + 1));
    };
    r.onerror = () => reject(r.error ?? new Error(`Could not read ${file.name}`));
    r.readAsDataURL(file);
  });
}

/** Checks what can be checked here (size, PDF signature) before sending the bytes to main. */
export async function filesToBytes(files: File[]): Promise<{ ok: FileBytes[]; errors: string[] }> {
  const ok: FileBytes[] = [];
  const errors: string[] = [];
  for (const f of files) {
    if (f.size > LIMITS.attachmentBytes) {
      errors.push(`${f.name} is larger than 10 MiB`);
      continue;
    }
    const head = new Uint8Array(await f.slice(0, 5).arrayBuffer());
    if (String.fromCharCode(...head) !== '%PDF-') {
      errors.push(`${f.name} is not a PDF file`);
      continue;
    }
    ok.push({ name: f.name, base64: await readAsBase64(f) });
  }
  return { ok, errors };
}

/** Saves bytes through the browser's download (browser mode). */
export function downloadBytes(name: string, mimeType: string, b64: string): void {
  const blob = new Blob([base64ToBytes(b64) as BlobPart], { type: mimeType });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
