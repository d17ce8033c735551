import { useSyncExternalStore } from 'react';

/** Phones: the width below which layouts switch to one column (matches the CSS breakpoint). */
export const PHONE_QUERY = '(max-width: 640px)';

/** Whether a media query matches, following changes (false where matchMedia is missing, e.g. tests). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}
