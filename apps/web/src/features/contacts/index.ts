/**
 * Public surface of the contacts feature. Its screen (ContactsPage) is a route entry loaded by
 * app/router.tsx with import() so it stays its own chunk; nothing else is shared yet.
 */
export {};
