/** Route paths; 'messages' and 'contacts' are the named routes. */
export const paths = {
  home: '/',
  login: '/login',
  about: '/about',
  agreement: '/agreement',
  privacy: '/privacy',
  notFound: '/404',
  h5Level: '/h5/level',
  h5QrConfirm: '/h5/qr-confirm',
  messages: '/messages',
  contacts: '/contacts',
  favorites: '/favorites',
  moments: '/moments',
  moment: (id: string | number) => `/moments/${encodeURIComponent(String(id))}`,
  member: '/member',
  settings: '/settings',
} as const;

/** Where a login goes back to: only same-origin app paths, never /login itself or another site. */
export function safeRedirect(raw: string | null | undefined, fallback: string = paths.messages): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  if (raw === paths.login || raw.startsWith(`${paths.login}?`) || raw.startsWith(`${paths.login}/`))
    return fallback;
  return raw;
}
