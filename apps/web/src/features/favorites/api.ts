import type { Favorite, FavoriteAddBody } from '@parley/protocol';
import { call } from '../../lib/api';

export const favoritesApi = {
  list: (q: {
    pageNum: number;
    pageSize?: number;
    collectTitle?: string;
    contentType?: 1 | 2 | 3 | 4 | 5 | 7 | 99;
  }) =>
    call(
      'favorites',
      'list',
      { ...q, ...(q.collectTitle ? {} : { collectTitle: undefined }) },
      { silent: true },
    ),
  add: (body: FavoriteAddBody): Promise<Favorite> => call('favorites', 'add', body),
  remove: (ids: number[]) => call('favorites', 'batchDel', { ids }),
  pin: (id: number, on: boolean) =>
    on ? call('favorites', 'topSet', { id }) : call('favorites', 'topCancel', { id }),
};
