/**
 * POST /api/oss/upload (multipart, field `file`) and GET /api/oss/files/{key}.
 * SPEC §3 "Upload response: code, data.url, msg"; §5 uploads; §9 file 100MB.
 */

/** Image format codes of the image message payload (SPEC §3: 1 jpg, 2 gif, 3 png, 4 bmp; 255 other). */
export const ImageFormat = { jpg: 1, gif: 2, png: 3, bmp: 4, other: 255 } as const;

/** Path prefix of files the server issued. Only such relative URLs are accepted as avatars. */
export const UPLOAD_URL_PREFIX = '/api/oss/files/';
