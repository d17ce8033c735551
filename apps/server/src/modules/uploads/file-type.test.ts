import { describe, expect, it } from 'vitest';
import { detectFileType } from './file-type.js';

const head = (hex: string, pad = 32) => Buffer.concat([Buffer.from(hex, 'hex'), Buffer.alloc(pad)]);

describe('detectFileType', () => {
  it('recognises the five image types by their magic bytes', () => {
    expect(detectFileType(head('ffd8ffe0'))?.mime).toBe('image/jpeg');
    expect(detectFileType(head('89504e470d0a1a0a'))?.mime).toBe('image/png');
    expect(detectFileType(Buffer.from('GIF89a......'))?.mime).toBe('image/gif');
    expect(detectFileType(Buffer.from('GIF87a......'))?.ext).toBe('gif');
    expect(
      detectFileType(Buffer.concat([Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L', 'latin1'), Buffer.alloc(8)]))
        ?.mime,
    ).toBe('image/webp');
    const bmp = Buffer.alloc(32);
    bmp.write('BM');
    bmp.writeUInt32LE(40, 14);
    expect(detectFileType(bmp)?.mime).toBe('image/bmp');
  });

  it('refuses look-alikes', () => {
    expect(detectFileType(Buffer.from('BM but not a bitmap header....'))).toBeUndefined();
    expect(detectFileType(Buffer.from('RIFF....WAVEfmt '))).toBeUndefined();
    expect(detectFileType(Buffer.from('GIF90a'))).toBeUndefined();
    expect(detectFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(detectFileType(Buffer.alloc(0))).toBeUndefined();
  });
});
