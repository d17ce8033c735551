/**
 * Public surface of the h5 (mobile web) feature. H5Layout, LevelPage and QrConfirmPage are route
 * entries loaded by app/router.tsx with import(); nothing else is shared yet.
 */
export {};
