/**
 * Public surface of the contacts feature. Its screen (ContactsPage) is a route entry loaded by
 * app/router.tsx with import() so it stays its own chunk.
 */
/** The empty state with next actions (add a friend, share my ID/QR), also the first screen's. */
export { GetStarted, useNoFriendsYet } from './GetStarted';
