import { z } from 'zod';

/** Kinds of upload the server accepts; only images for now (video and files come with rich messages). */
export const uploadKinds = ['image', 'video', 'file'] as const;
export type UploadKind = (typeof uploadKinds)[number];

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
});
export type UploadResult = z.infer<typeof uploadResultSchema>;
