import { describe, expect, it } from 'vitest';
import type { Favorite } from '@parley/protocol';
import { favoriteOf, messageOfFavorite } from './convert';

const FILE = '/api/oss/files/0123456789abcdef0123456789abcdef';
const fav = (over: Partial<Favorite>): Favorite => ({
  id: 1,
  contentType: 1,
  collectTitle: '',
  collectedUserName: '',
  createTime: 0,
  videoImage: '',
  videoImageAddress: '',
  fileName: '',
  fileSize: 0,
  addressTitle: '',
  lat: null,
  lng: null,
  noteContent: '',
  topStatus: 0,
  ...over,
});

describe('favorites and messages', () => {
  it('text with http is type 7, else 1; media keep their file', () => {
    expect(favoriteOf({ type: 'text', from: 'a', payload: { text: 'see http://x' } })?.contentType).toBe(7);
    expect(favoriteOf({ type: 'text', from: 'a', payload: { text: 'hello' } })?.contentType).toBe(1);
    expect(
      favoriteOf({ type: 'image', from: 'a', payload: { imageInfoArray: [{ url: `${FILE}.png` }] } }),
    ).toMatchObject({ contentType: 2, videoImage: `${FILE}.png` });
    expect(
      favoriteOf({ type: 'image', from: 'a', payload: { imageInfoArray: [{ url: 'blob:x' }] } }),
    ).toBeNull();
    expect(favoriteOf({ type: 'sound', from: 'a', payload: {} })).toBeNull();
  });
  it('entries without a media address or name are not sent', () => {
    expect(messageOfFavorite(fav({ contentType: 2 }))).toBeNull();
    expect(messageOfFavorite(fav({ contentType: 4, videoImageAddress: `${FILE}.bin` }))).toBeNull();
    expect(
      messageOfFavorite(
        fav({ contentType: 4, videoImageAddress: `${FILE}.bin`, fileName: 'a.pdf', fileSize: 3 }),
      ),
    ).toEqual({
      type: 'file',
      payload: { fileUrl: `${FILE}.bin`, fileName: 'a.pdf', fileSize: 3 },
    });
    expect(messageOfFavorite(fav({ contentType: 7, collectTitle: 'http://x' }))).toEqual({
      type: 'text',
      payload: { text: 'http://x' },
    });
  });
});
