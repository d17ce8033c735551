/** Public surface of the member feature: its page is a route entry loaded by app/router.tsx. */
export {};
