import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Inclusive byte range of a stored file (HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live. The local-disk driver is the default; an S3-compatible driver can
 * implement the same interface (putFile → PutObject from the temp file, open → GetObject stream).
 */
export interface FileStorage {
  readonly driver: string;
  /** A directory for uploads in progress (always on local disk). */
  tempDir(): Promise<string>;
  /** Stores the finished temp file under `key` (the temp file is consumed). */
  putFile(key: string, tmpPath: string, mime: string): Promise<void>;
  /**
   * The stored bytes (or the given range of them), or null when there is no such key. `size` is the
   * length of what the stream yields, `total` the file's size.
   */
  open(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number; total: number } | null>;
  delete(key: string): Promise<void>;
  /** Whether files can be stored now (readiness: the disk takes a write, the bucket answers). */
  ready(): Promise<boolean>;
}

/** Keys are `{32 hex}.{ext}`: nothing else ever reaches the file system (no traversal). */
export const STORAGE_KEY = /^[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

/** Files under `${dataDir}/uploads/{first two hex}/{key}`; temp files under `uploads/.tmp`. */
export class LocalDiskStorage implements FileStorage {
  readonly driver = 'local';
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'uploads');
  }

  private pathOf(key: string): string {
    if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
    const full = path.resolve(this.root, key.slice(0, 2), key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return full;
  }

  async tempDir(): Promise<string> {
    const dir = path.join(this.root, '.tmp');
    await fsp.mkdir(dir, { recursive: true });
    return dir;
  }

  async ready(): Promise<boolean> {
    try {
      const probe = path.join(await this.tempDir(), `.ready-${process.pid}`);
      await fsp.writeFile(probe, 'ok');
      await fsp.rm(probe, { force: true });
      return true;
    } catch {
      return false;
    }
  }

  async putFile(key: string, tmpPath: string): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      await fsp.rename(tmpPath, target);
    } catch (err) {
      // A temp file on another device (tus keeps its own directory): copy, then remove.
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await fsp.copyFile(tmpPath, target);
      await fsp.rm(tmpPath, { force: true });
    }
  }

  async open(key: string, range?: ByteRange) {
    if (!STORAGE_KEY.test(key)) return null;
    const file = this.pathOf(key);
    try {
      const stat = await fsp.stat(file);
      if (!stat.isFile()) return null;
      if (range)
        return {
          stream: fs.createReadStream(file, range) as Readable,
          size: range.end - range.start + 1,
          total: stat.size,
        };
      return { stream: fs.createReadStream(file) as Readable, size: stat.size, total: stat.size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    if (!STORAGE_KEY.test(key)) return;
    await fsp.rm(this.pathOf(key), { force: true });
  }
}
