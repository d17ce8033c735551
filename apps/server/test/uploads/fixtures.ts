import type { TestServer } from '../helpers.js';

/** Tiny but valid images of every accepted type. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const JPG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
export const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
export const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** A 1×1 24-bit BMP: 14-byte file header, 40-byte BITMAPINFOHEADER, one padded pixel row. */
export function bmp(): Buffer {
  const b = Buffer.alloc(58);
  b.write('BM', 0, 'ascii');
  b.writeUInt32LE(58, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(1, 18);
  b.writeInt32LE(1, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(4, 34);
  b.set([0x00, 0x00, 0xff], 54); // one red pixel (BGR)
  return b;
}

export interface UploadAnswer {
  status: number;
  code: number;
  msg: string;
  data: {
    url: string;
    name: string;
    size: number;
    mime: string;
    uuid: string;
    kind: string;
    imageFormat?: number;
    width?: number;
    height?: number;
    imageInfoArray?: { type: number; url: string; width: number; height: number; size: number }[];
  } | null;
}

/** POSTs a multipart form like a browser would. */
export async function upload(
  t: TestServer,
  token: string | undefined,
  file: { bytes: Buffer; name: string; type?: string; field?: string; intent?: string } | null,
): Promise<UploadAnswer> {
  const form = new FormData();
  if (file?.intent) form.append('type', file.intent);
  if (file)
    form.append(
      file.field ?? 'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  else form.append('note', 'no file here');
  const res = await fetch(`${t.baseUrl}/api/oss/upload`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, ...((await res.json()) as Omit<UploadAnswer, 'status'>) };
}
