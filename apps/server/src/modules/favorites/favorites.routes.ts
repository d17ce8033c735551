import type { DomainHandlers } from '../../lib/route.js';
import type { FavoritesService } from './favorites.service.js';

/** Handlers of the `favorites` routes (/user/collection/*). */
export function favoriteHandlers(favorites: FavoritesService): DomainHandlers<'favorites'> {
  return {
    list: (r) => favorites.list(r.userId, r.body),
    add: (r) => favorites.add(r.userId, r.body),
    batchDel: (r) => favorites.batchDel(r.userId, r.body.ids),
    topSet: (r) => favorites.setTop(r.userId, r.body.id, 1),
    topCancel: (r) => favorites.setTop(r.userId, r.body.id, 0),
  };
}
