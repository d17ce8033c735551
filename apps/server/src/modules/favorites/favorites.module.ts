import type { AppContext } from '../../lib/context.js';
import type { UsersModule } from '../users/users.module.js';
import { FavoriteRepo } from './favorite.repo.js';
import { favoriteHandlers } from './favorites.routes.js';
import { FavoritesService } from './favorites.service.js';

/** Favorites: each user's saved messages (docs/api.md "Favorites"). */
export function createFavoritesModule(ctx: AppContext, users: UsersModule) {
  const service = new FavoritesService(ctx, new FavoriteRepo(ctx.db), users.repo);
  return { service, handlers: favoriteHandlers(service) };
}
