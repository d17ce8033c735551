/**
 * Public surface of the public pages (home, about, agreement, privacy, 404). Each page is a route
 * entry loaded by app/router.tsx with import(); nothing else is shared yet.
 */
export {};
