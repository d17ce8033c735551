/**
 * Public surface of favorites: the composer's popup button, the message → favorite conversion, and
 * adding one. The /favorites page (FavoritesPage.tsx) is a route entry loaded by app/router.tsx.
 */
export { favoritesApi } from './api';
export { favoriteOf, messageOfFavorite, type FavoriteSource } from './convert';
export { FavoritesButton } from './FavoritesPopup';
