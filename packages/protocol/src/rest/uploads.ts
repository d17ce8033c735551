/**
 * POST /api/oss/upload (multipart, field `file`) and GET /api/oss/files/{key}.
 * SPEC §3 "Upload response: code, data.url, msg"; §5 uploads; §9 file 100MB.
 */

/** Kinds of upload the server accepts; only images for now (video and files come with rich messages). */
export type UploadKind = 'image' | 'video' | 'file';

/** Image format codes of the image message payload (SPEC §3: 1 jpg, 2 gif, 3 png, 4 bmp; 255 other). */
export const ImageFormat = { jpg: 1, gif: 2, png: 3, bmp: 4, other: 255 } as const;

/** Path prefix of files the server issued. Only such relative URLs are accepted as avatars. */
export const UPLOAD_URL_PREFIX = '/api/oss/files/';

/** Answer of POST /api/oss/upload. */
export interface UploadResult {
  /** Relative URL that serves the file: `/api/oss/files/{uuid}.{ext}`. */
  url: string;
  /** Original file name as sent (for display only). */
  name: string;
  /** Size in bytes. */
  size: number;
  /** MIME type detected from the content (never the one the browser sent). */
  mime: string;
  /** The stored key's id part (SPEC payload `uuid`). */
  uuid: string;
  kind: UploadKind;
  /** For images: SPEC imageFormat code. */
  imageFormat?: number;
}
