import { ImageFormat, type UploadKind } from '@parley/protocol';

/**
 * Content type detection by magic bytes (never by name or the browser's MIME type). Images, videos
 * and sounds are recognised here; anything else is stored as a plain file (`GENERIC_FILE`), served
 * only as a download.
 */
export interface FileTypeDef {
  kind: UploadKind;
  mime: string;
  ext: string;
  imageFormat?: number;
  match(head: Buffer): boolean;
}

/** Bytes needed from the start of a file to recognise every type below (WebM track codecs included). */
export const HEAD_BYTES = 4096;

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
  {
    kind: 'video',
    mime: 'video/quicktime',
    ext: 'mov',
    match: (h) => startsWith(h, ascii('ftypqt  '), 4),
  },
  {
    kind: 'audio',
    mime: 'audio/mp4',
    ext: 'm4a',
    match: (h) => startsWith(h, ascii('ftypM4A '), 4),
  },
  {
    kind: 'video',
    mime: 'video/mp4',
    ext: 'mp4',
    // ISO base media: `ftyp` box first (isom, mp41, mp42, avc1, M4V, 3gp, dash …).
    match: (h) => startsWith(h, ascii('ftyp'), 4) && h.readUInt32BE(0) >= 8 && h.readUInt32BE(0) <= 4096,
  },
  {
    kind: 'audio',
    mime: 'audio/webm',
    ext: 'weba',
    // WebM/Matroska with audio tracks only (a browser's voice recording): no `V_` codec id in the head.
    match: (h) => startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]) && !h.includes('V_') && h.includes('A_'),
  },
  {
    kind: 'video',
    mime: 'video/webm',
    ext: 'webm',
    match: (h) => startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]),
  },
  {
    kind: 'video',
    mime: 'video/x-msvideo',
    ext: 'avi',
    match: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('AVI '), 8),
  },
  {
    kind: 'audio',
    mime: 'audio/wav',
    ext: 'wav',
    match: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WAVE'), 8),
  },
  { kind: 'audio', mime: 'audio/ogg', ext: 'ogg', match: (h) => startsWith(h, ascii('OggS')) },
  {
    kind: 'audio',
    mime: 'audio/mpeg',
    ext: 'mp3',
    match: (h) => startsWith(h, ascii('ID3')) || startsWith(h, [0xff, 0xfb]) || startsWith(h, [0xff, 0xf3]),
  },
];

/** Whatever is not recognised: stored as bytes, always served as an attachment. */
export const GENERIC_FILE: FileTypeDef = {
  kind: 'file',
  mime: 'application/octet-stream',
  ext: 'bin',
  match: () => true,
};

/** Names that claim an image: their content must be one of the image types (else 4004). */
export const IMAGE_NAME = /\.(png|jpe?g|gif|bmp|webp)$/i;

export function detectFileType(head: Buffer): FileTypeDef | undefined {
  return FILE_TYPES.find((t) => t.match(head));
}

/** Extensions of stored keys (used to validate keys before touching the disk). */
export const STORED_EXTENSIONS: ReadonlySet<string> = new Set(
  [...FILE_TYPES, GENERIC_FILE].map((t) => t.ext),
);

/** Kinds a browser may show inline (`<img>`, `<video>`, `<audio>`); everything else is a download. */
export const INLINE_KINDS: ReadonlySet<UploadKind> = new Set(['image', 'video', 'audio']);
