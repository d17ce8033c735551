import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  charLength,
  Limits,
  stripForbiddenChars,
  UPLOAD_URL_PREFIX,
  type UploadKind,
  type UploadResult,
} from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import { detectFileType, HEAD_BYTES, type FileTypeDef } from './file-type.js';
import type { FileStorage } from './storage.js';
import { STORAGE_KEY } from './storage.js';
import type { UploadRepo, UploadRow } from './upload.repo.js';

/** Kinds this server accepts now. Video and files join when rich messages land (see file-type.ts). */
const ACCEPTED_KINDS: ReadonlySet<UploadKind> = new Set(['image']);

/** A multipart file stream; `truncated` is set by the parser when the size limit cut it. */
export type IncomingFile = Readable & { truncated?: boolean };

/** Biggest accepted upload: the configured limit, never above the product's 100 MB. */
export function maxUploadBytes(configured: number): number {
  return Math.min(configured, Limits.fileBytes);
}

/** Most user-perceived characters of a stored upload name (and UTF-16 units: its column holds 256). */
const NAME_MAX_CHARS = 200;
const NAME_MAX_UNITS = 256;

/**
 * The display name of an upload. It comes from the sender's file system, not typed in Parley, so
 * characters the text policy refuses (docs/api.md "Input rules") are dropped rather than refused.
 */
function cleanName(name: string): string {
  const base =
    stripForbiddenChars(name.slice(-4 * NAME_MAX_UNITS))
      .split(/[\\/]/)
      .pop() ?? '';
  // Cut at code point edges only (the slices above may have split a surrogate pair).
  let out = base
    .replace(/^[\udc00-\udfff]/, '')
    .trim()
    .slice(0, NAME_MAX_UNITS)
    .replace(/[\ud800-\udbff]$/, '');
  while (charLength(out) > NAME_MAX_CHARS) out = out.slice(0, -1).replace(/[\ud800-\udbff]$/, '');
  return out;
}

/** Stores uploads after checking their real type and size; serves them back by key. */
export class UploadService {
  constructor(
    private readonly ctx: AppContext,
    private readonly storage: FileStorage,
    private readonly uploads: UploadRepo,
  ) {}

  /**
   * Streams the file to a temp file while reading its first bytes, then refuses it if the content is
   * not an accepted type (4004) or the parser cut it at the size limit (7005), else stores it.
   */
  async upload(ownerId: number, file: { filename: string; stream: IncomingFile }): Promise<UploadResult> {
    const tmp = path.join(await this.storage.tempDir(), `${randomUUID()}.part`);
    const out = fs.createWriteStream(tmp);
    let head = Buffer.alloc(0);
    let size = 0;
    let type: FileTypeDef | undefined;
    let refused = false;
    try {
      for await (const chunk of file.stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (refused) continue; // drain the rest of the request without keeping it
        if (head.length < HEAD_BYTES) {
          head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
          if (head.length >= HEAD_BYTES) {
            type = detectFileType(head);
            refused = !type || !ACCEPTED_KINDS.has(type.kind);
            if (refused) continue;
          }
        }
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
      out.end();
      await finished(out);
      if (file.stream.truncated) throw fail('fileTooLarge');
      if (!refused && head.length < HEAD_BYTES) type = detectFileType(head);
      if (refused || !type || !ACCEPTED_KINDS.has(type.kind) || size === 0) throw fail('invalidImage');

      const uuid = randomUUID().replace(/-/g, '');
      const key = `${uuid}.${type.ext}`;
      await this.storage.putFile(key, tmp, type.mime);
      const name = cleanName(file.filename) || key;
      await this.uploads.insert({
        key,
        owner_id: ownerId,
        name,
        size,
        mime: type.mime,
        kind: type.kind,
        created_at: this.ctx.clock.now(),
      });
      return {
        url: `${UPLOAD_URL_PREFIX}${key}`,
        name,
        size,
        mime: type.mime,
        uuid,
        kind: type.kind,
        ...(type.imageFormat !== undefined && { imageFormat: type.imageFormat }),
      };
    } finally {
      out.destroy();
      await fsp.rm(tmp, { force: true });
    }
  }

  /** The stored record and bytes of `key`, or null (unknown key, bad key, missing file). */
  async open(key: string): Promise<{ row: UploadRow; stream: Readable; size: number } | null> {
    if (!STORAGE_KEY.test(key)) return null;
    const row = await this.uploads.byKey(key);
    if (!row) return null;
    const file = await this.storage.open(key);
    return file ? { row, ...file } : null;
  }

  /** Whether `url` is an image this server issued to `ownerId` (accepted as their avatar). */
  async isOwnImage(ownerId: number, url: string): Promise<boolean> {
    if (!url.startsWith(UPLOAD_URL_PREFIX)) return false;
    const key = url.slice(UPLOAD_URL_PREFIX.length);
    if (!STORAGE_KEY.test(key)) return false;
    const row = await this.uploads.byKey(key);
    return row !== undefined && Number(row.owner_id) === ownerId && row.kind === 'image';
  }
}
