import { ImageFormat, type UploadKind } from '@parley/protocol';

/**
 * Content type detection by magic bytes (never by name or the browser's MIME type).
 * Extension point: add video and document signatures here (e.g. mp4 `ftyp` at offset 4, webm
 * 1A45DFA3, pdf `%PDF`) with their kind, then allow that kind in UploadService's policy.
 */
export interface FileTypeDef {
  kind: UploadKind;
  mime: string;
  ext: string;
  imageFormat?: number;
  match(head: Buffer): boolean;
}

/** Bytes needed from the start of a file to recognise every type below. */
export const HEAD_BYTES = 32;

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** BITMAPINFOHEADER sizes a real BMP carries at offset 14 (so a text starting with "BM" is refused). */
const BMP_DIB_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

export const FILE_TYPES: readonly FileTypeDef[] = [
  {
    kind: 'image',
    mime: 'image/jpeg',
    ext: 'jpg',
    imageFormat: ImageFormat.jpg,
    match: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  },
  {
    kind: 'image',
    mime: 'image/png',
    ext: 'png',
    imageFormat: ImageFormat.png,
    match: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    kind: 'image',
    mime: 'image/gif',
    ext: 'gif',
    imageFormat: ImageFormat.gif,
    match: (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')),
  },
  {
    kind: 'image',
    mime: 'image/bmp',
    ext: 'bmp',
    imageFormat: ImageFormat.bmp,
    match: (h) => startsWith(h, ascii('BM')) && h.length >= 18 && BMP_DIB_SIZES.has(h.readUInt32LE(14)),
  },
  {
    kind: 'image',
    mime: 'image/webp',
    ext: 'webp',
    imageFormat: ImageFormat.other,
    match: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8),
  },
];

export function detectFileType(head: Buffer): FileTypeDef | undefined {
  return FILE_TYPES.find((t) => t.match(head));
}

/** Extensions of stored keys (used to validate keys before touching the disk). */
export const STORED_EXTENSIONS: ReadonlySet<string> = new Set(FILE_TYPES.map((t) => t.ext));
