import { createHash, randomUUID } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

export interface ReceivedFile {
  tmpPath: string;
  sha256: string;
  size: number;
  /** The first bytes, enough to tell a PDF by its content. */
  head: Buffer;
}

/** Attachment files, stored once under their sha256 (content-addressed). */
export class FileStore {
  private readonly root: string;
  private readonly tmp: string;

  constructor(dataDir: string) {
    this.root = join(dataDir, 'files');
    this.tmp = join(dataDir, 'files', 'tmp');
    mkdirSync(this.tmp, { recursive: true });
  }

  pathOf(sha256: string): string {
    return join(this.root, sha256.slice(0, 2), sha256);
  }

  /** Streams an upload to a temporary file while hashing it; nothing is kept in memory. */
  async receive(stream: Readable): Promise<ReceivedFile> {
    const tmpPath = join(this.tmp, randomUUID());
    const hash = createHash('sha256');
    let size = 0;
    const headChunks: Buffer[] = [];
    let headLen = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        hash.update(chunk);
        size += chunk.length;
        if (headLen < 8) {
          headChunks.push(chunk);
          headLen += chunk.length;
        }
        cb(null, chunk);
      },
    });
    try {
      await pipeline(stream, tap, createWriteStream(tmpPath));
    } catch (e) {
      this.discard(tmpPath);
      throw e;
    }
    return {
      tmpPath,
      sha256: hash.digest('hex'),
      size,
      head: Buffer.concat(headChunks).subarray(0, 8),
    };
  }

  /** Moves a received file to its content address (a second copy of the same bytes is dropped). */
  keep(file: ReceivedFile): void {
    const target = this.pathOf(file.sha256);
    if (existsSync(target)) {
      this.discard(file.tmpPath);
      return;
    }
    mkdirSync(join(this.root, file.sha256.slice(0, 2)), { recursive: true });
    renameSync(file.tmpPath, target);
  }

  discard(tmpPath: string): void {
    rmSync(tmpPath, { force: true });
  }

  /**
   * At start, before any request: what a server killed during uploads leaves behind goes —
   * partial files in `tmp/`, and stored files no attachment row refers to (killed between
   * moving a file into place and committing its row). Returns how many of each.
   */
  sweep(referenced: ReadonlySet<string>): { partial: number; orphans: number } {
    let partial = 0;
    let orphans = 0;
    for (const f of readdirSync(this.tmp)) {
      rmSync(join(this.tmp, f), { recursive: true, force: true });
      partial++;
    }
    for (const sub of readdirSync(this.root)) {
      const dir = join(this.root, sub);
      if (dir === this.tmp || !/^[0-9a-f]{2}$/.test(sub) || !statSync(dir).isDirectory()) continue;
      for (const f of readdirSync(dir)) {
        if (referenced.has(f)) continue;
        rmSync(join(dir, f), { force: true });
        orphans++;
      }
    }
    return { partial, orphans };
  }

  open(sha256: string): Readable {
    return createReadStream(this.pathOf(sha256));
  }
}

export function isPdf(head: Buffer): boolean {
  return head.subarray(0, 5).toString('latin1') === '%PDF-';
}
