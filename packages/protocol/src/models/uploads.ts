import { z } from 'zod';

/** Kinds of upload, detected from the content: images, videos, sounds, and any other file. */
export const uploadKinds = ['image', 'video', 'audio', 'file'] as const;
export type UploadKind = (typeof uploadKinds)[number];

export const imageInfoSchema = z.object({
  type: z.number(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
  size: z.number(),
});
export type ImageInfo = z.infer<typeof imageInfoSchema>;

/** Answer of POST /oss/upload. */
export const uploadResultSchema = z.object({
  /** Relative URL that serves the file: `/api/oss/files/{uuid}.{ext}`. */
  url: z.string(),
  /** Original file name as sent (for display only). */
  name: z.string(),
  /** Size in bytes. */
  size: z.number(),
  /** MIME type detected from the content (never the one the browser sent). */
  mime: z.string(),
  /** The stored key's id part (payload `uuid`). */
  uuid: z.string(),
  kind: z.enum(uploadKinds),
  /** For images: imageFormat code (1 jpg, 2 gif, 3 png, 4 bmp, 255 other). */
  imageFormat: z.number().optional(),
  /** For images: pixel size of the original (after EXIF orientation). */
  width: z.number().optional(),
  height: z.number().optional(),
  /**
   * For images: the original (type 0), a large copy (type 1, ≤ 1280 px) and a thumbnail (type 2,
   * ≤ 400 px); a size the original does not exceed repeats the original's url.
   */
  imageInfoArray: z.array(imageInfoSchema).optional(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;
