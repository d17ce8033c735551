/**
 * Public surface of the placeholder screens (favorites, member). Each page is a
 * route entry loaded by app/router.tsx with import(); nothing else is shared yet.
 */
export {};
