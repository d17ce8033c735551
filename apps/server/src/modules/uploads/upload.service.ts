import { createHash, randomBytes, randomUUID } from 'node:crypto';
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
  type ImageInfo,
  type UploadResult,
} from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import { uploadsPolicy } from '../../policies/uploads.policy.js';
import { can } from '../../policies/policy.js';
import { detectFileType, GENERIC_FILE, HEAD_BYTES, IMAGE_NAME, type FileTypeDef } from './file-type.js';
import { LARGE_PX, readImage, resizeImage, THUMB_PX } from './images.js';
import type { FileStorage, ByteRange } from './storage.js';
import { STORAGE_KEY } from './storage.js';
import { UploadLimits } from './upload-limits.js';
import type { UploadRepo, UploadRow } from './upload.repo.js';

/** A multipart file stream; `truncated` is set by the parser when the size limit cut it. */
export type IncomingFile = Readable & { truncated?: boolean };

/** What the uploader says the file is for: `image` (the image button, avatars) must be an image. */
export type UploadIntent = 'image' | 'any';

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
export function cleanName(name: string): string {
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

/** A stored key's id: 128 random bits as 32 hex digits (a UUIDv4 holds only 122). */
const newId = () => randomBytes(16).toString('hex');

/** A finished upload on disk, before it is checked and stored. */
export interface ReceivedFile {
  tmpPath: string;
  filename: string;
  size: number;
  head: Buffer;
  sha256?: string;
}

/** Stores uploads after checking their real type and size; serves them back by key. */
export class UploadService {
  constructor(
    private readonly ctx: AppContext,
    readonly storage: FileStorage,
    private readonly uploads: UploadRepo,
    readonly limits: UploadLimits = new UploadLimits(ctx),
  ) {}

  /**
   * Streams a multipart file to a temp file (keeping its first bytes and a hash), refuses it when
   * the parser cut it at the size limit (7005), then checks and stores it (see `store`).
   */
  async upload(
    ownerId: number,
    file: { filename: string; stream: IncomingFile },
    intent: UploadIntent = 'any',
  ): Promise<UploadResult> {
    try {
      await this.limits.started(ownerId);
    } catch (err) {
      file.stream.resume();
      throw err;
    }
    const tmp = path.join(await this.storage.tempDir(), `${randomUUID()}.part`);
    const out = fs.createWriteStream(tmp);
    const hash = createHash('sha256');
    let head = Buffer.alloc(0);
    let size = 0;
    try {
      for await (const chunk of file.stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        hash.update(chunk);
        if (head.length < HEAD_BYTES)
          head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
      out.end();
      await finished(out);
      if (file.stream.truncated) throw fail('fileTooLarge');
      return await this.store(
        ownerId,
        { tmpPath: tmp, filename: file.filename, size, head, sha256: hash.digest('hex') },
        intent,
      );
    } finally {
      out.destroy();
      await fsp.rm(tmp, { force: true });
    }
  }

  /**
   * Checks a received file and stores it: the type comes from the content; a file named like an
   * image, or sent as one, must be an image that decodes (4004); an empty file is 4004 for images
   * and 7004 otherwise; banned content (by SHA-256) is 4005. Images get their dimensions and a
   * large and a thumbnail copy. The temp file is consumed.
   */
  async store(ownerId: number, file: ReceivedFile, intent: UploadIntent = 'any'): Promise<UploadResult> {
    const wantsImage = intent === 'image' || IMAGE_NAME.test(file.filename);
    if (file.size === 0) throw fail(wantsImage ? 'invalidImage' : 'fileMissing');
    if (file.size > maxUploadBytes(this.ctx.config.uploadMaxBytes)) throw fail('fileTooLarge');
    const type: FileTypeDef = detectFileType(file.head) ?? GENERIC_FILE;
    if (wantsImage && type.kind !== 'image') throw fail('invalidImage');
    // Kept with the upload, so a message naming it can be refused if its content is banned later.
    const sha = file.sha256 ?? (await sha256Of(file.tmpPath));
    if (this.ctx.config.uploadBannedSha256.includes(sha)) throw fail('bannedFile');
    const facts = type.kind === 'image' ? await readImage(file.tmpPath, type.ext) : null;
    if (type.kind === 'image' && !facts) throw fail('invalidImage');
    await this.limits.fits(ownerId, file.size);

    const uuid = newId();
    const key = `${uuid}.${type.ext}`;
    const name = cleanName(file.filename) || key;
    const now = this.ctx.clock.now();
    const infos: ImageInfo[] = [];
    const derived: { key: string; variant: string; width: number; height: number; size: number }[] = [];
    if (facts) {
      const original = { url: urlOf(key), width: facts.width, height: facts.height, size: file.size };
      infos.push({ type: 0, ...original });
      // Animated GIFs keep animating: their copies are the original.
      for (const [type, variant, px] of [
        [1, 'large', LARGE_PX],
        [2, 'thumb', THUMB_PX],
      ] as const) {
        if (facts.animated || Math.max(facts.width, facts.height) <= px) {
          infos.push({ type, ...original });
          continue;
        }
        const dkey = `${newId()}.webp`;
        const dtmp = `${file.tmpPath}.${variant}.webp`;
        try {
          const made = await resizeImage(file.tmpPath, dtmp, px);
          await this.storage.putFile(dkey, dtmp, 'image/webp');
          derived.push({ key: dkey, variant, ...made });
          infos.push({ type, url: urlOf(dkey), ...made });
        } catch {
          throw fail('invalidImage');
        } finally {
          await fsp.rm(dtmp, { force: true });
        }
      }
    }
    await this.storage.putFile(key, file.tmpPath, type.mime);
    await this.uploads.insert({
      key,
      owner_id: ownerId,
      name,
      size: file.size,
      mime: type.mime,
      kind: type.kind,
      created_at: now,
      width: facts?.width ?? null,
      height: facts?.height ?? null,
      parent_key: null,
      variant: null,
      content_sha256: sha,
    });
    for (const d of derived)
      await this.uploads.insert({
        key: d.key,
        owner_id: ownerId,
        name,
        size: d.size,
        mime: 'image/webp',
        kind: 'image',
        created_at: now,
        width: d.width,
        height: d.height,
        parent_key: key,
        variant: d.variant,
        content_sha256: sha,
      });
    this.ctx.metrics.uploaded(file.size);
    return {
      url: urlOf(key),
      name,
      size: file.size,
      mime: type.mime,
      uuid,
      kind: type.kind,
      ...(type.imageFormat !== undefined && { imageFormat: type.imageFormat }),
      ...(facts && { width: facts.width, height: facts.height, imageInfoArray: infos }),
    };
  }

  /** The stored record and bytes of `key` (a byte range of them), or null (unknown, bad key, missing). */
  async open(
    key: string,
    range?: ByteRange,
  ): Promise<{ row: UploadRow; stream: Readable; size: number; total: number } | null> {
    if (!STORAGE_KEY.test(key)) return null;
    const row = await this.uploads.byKey(key);
    if (!row) return null;
    const file = await this.storage.open(key, range);
    return file ? { row, ...file } : null;
  }

  /** Whether `userId` may use the upload `url` names as an avatar (uploads policy `upload.avatar`). */
  async isOwnImage(userId: number, url: string): Promise<boolean> {
    const row = await this.byUrl(url);
    const upload = row && { ownerId: Number(row.owner_id), kind: row.kind };
    return can(uploadsPolicy, 'upload.avatar', { userId }, { upload });
  }

  /**
   * Whether one of these URLs names an upload of this server whose content is banned now
   * (UPLOAD_BANNED_SHA256, which may have grown since the upload was accepted). Other URLs are
   * ignored; no list, no query.
   */
  async anyBanned(urls: readonly string[]): Promise<boolean> {
    const banned = this.ctx.config.uploadBannedSha256;
    if (banned.length === 0) return false;
    const keys = urls.flatMap((url) => {
      const key = url.startsWith(UPLOAD_URL_PREFIX) ? url.slice(UPLOAD_URL_PREFIX.length) : '';
      return STORAGE_KEY.test(key) ? [key] : [];
    });
    return keys.length > 0 && this.uploads.anyWithContent(keys, banned);
  }

  /**
   * The originals among `urls` that `ownerId` uploaded, by URL, with their kind, size and
   * thumbnail URL (the original's when it needed none). URLs of others' uploads, of derived copies
   * or of no upload are left out.
   */
  async ownOriginals(
    ownerId: number,
    urls: readonly string[],
  ): Promise<Map<string, { kind: string; width: number; height: number; thumbUrl: string }>> {
    const keys = urls.flatMap((url) => {
      const key = url.startsWith(UPLOAD_URL_PREFIX) ? url.slice(UPLOAD_URL_PREFIX.length) : '';
      return STORAGE_KEY.test(key) ? [key] : [];
    });
    const rows = await this.uploads.withThumbs(keys);
    return new Map(
      rows
        .filter((r) => Number(r.owner_id) === ownerId)
        .map((r) => [
          urlOf(r.key),
          {
            kind: r.kind,
            width: r.width ?? 0,
            height: r.height ?? 0,
            thumbUrl: urlOf(r.thumb_key ?? r.key),
          },
        ]),
    );
  }

  /** The upload behind one of this server's file URLs (undefined for anything else). */
  async byUrl(url: string): Promise<UploadRow | undefined> {
    if (!url.startsWith(UPLOAD_URL_PREFIX)) return undefined;
    const key = url.slice(UPLOAD_URL_PREFIX.length);
    if (!STORAGE_KEY.test(key)) return undefined;
    return this.uploads.byKey(key);
  }
}

const urlOf = (key: string) => `${UPLOAD_URL_PREFIX}${key}`;

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
