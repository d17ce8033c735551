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
    expect(detectFileType(Buffer.from('RIFF....WEBVfmt '))).toBeUndefined();
    expect(detectFileType(Buffer.from('GIF90a'))).toBeUndefined();
    expect(detectFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(detectFileType(Buffer.alloc(0))).toBeUndefined();
  });

  it('recognises videos and sounds, and tells a voice recording (WebM audio) from a WebM video', () => {
    const ftyp = (brand: string) =>
      Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(20)]);
    expect(detectFileType(ftyp('isom'))).toMatchObject({ kind: 'video', mime: 'video/mp4' });
    expect(detectFileType(ftyp('qt  '))).toMatchObject({ kind: 'video', mime: 'video/quicktime' });
    expect(detectFileType(ftyp('M4A '))).toMatchObject({ kind: 'audio', mime: 'audio/mp4' });
    const ebml = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
    const webm = (codecs: string) => Buffer.concat([ebml, Buffer.from(`....webm....${codecs}`, 'latin1')]);
    expect(detectFileType(webm('A_OPUS'))).toMatchObject({ kind: 'audio', mime: 'audio/webm' });
    expect(detectFileType(webm('V_VP8....A_OPUS'))).toMatchObject({ kind: 'video', mime: 'video/webm' });
    expect(detectFileType(Buffer.from('RIFF....WAVEfmt '))).toMatchObject({ kind: 'audio', ext: 'wav' });
    expect(detectFileType(Buffer.from('OggS\0\x02'))).toMatchObject({ kind: 'audio', ext: 'ogg' });
    expect(detectFileType(Buffer.from('ID3\x04\0'))).toMatchObject({ kind: 'audio', ext: 'mp3' });
    // Executables, HTML and SVG are nothing special: plain files (served as attachments).
    expect(detectFileType(Buffer.from('MZ\x90\0'))).toBeUndefined();
    expect(detectFileType(Buffer.from('<html><script>'))).toBeUndefined();
  });
});
