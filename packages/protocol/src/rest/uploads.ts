/**
 * POST /api/oss/upload (multipart, field `file`) and GET /api/oss/files/{key}.
 * The answer is the envelope with `data.url`; files up to 100 MB.
 */

/** Image format codes of the image message payload (1 jpg, 2 gif, 3 png, 4 bmp; 255 other). */
export const ImageFormat = { jpg: 1, gif: 2, png: 3, bmp: 4, other: 255 } as const;

/** Path prefix of files the server issued. Only such relative URLs are accepted as avatars. */
export const UPLOAD_URL_PREFIX = '/api/oss/files/';
