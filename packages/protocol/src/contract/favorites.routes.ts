import { post } from './define.js';

/** Favorite content types one can save (`FavoriteType` in enums.ts): text, image, video, file, place, link, note. */
export const favoriteTypes = [1, 2, 3, 4, 5, 7, 99] as const;
/** Favorites page size (SPEC paging). */
export const FAVORITES_PAGE = 10;

/** Favorites (收藏): list, add, delete several, pin and unpin (docs/api.md "Favorites"). */
export const favoriteRoutes = {
  list: post('/user/collection/list'),
  add: post('/user/collection/add'),
  batchDel: post('/user/collection/batchDel'),
  topSet: post('/user/collection/topSet'),
  topCancel: post('/user/collection/topCancel'),
} as const;
