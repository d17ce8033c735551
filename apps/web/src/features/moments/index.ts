/**
 * Moments (朋友圈): the feed and albums at /moments (route entries loaded by app/router.tsx with
 * import()), one moment at /moments/{id}; other features open an album with `AlbumButton`.
 */
export { AlbumButton, albumPath } from './AlbumButton';
