/** Messages fetched per history page ('load more'). */
export const PAGE = 50;
