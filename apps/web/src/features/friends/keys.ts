/** TanStack Query keys of the friends domain (one place, so invalidation stays consistent). */
export const friendKeys = {
  all: ['friends'] as const,
  list: () => ['friends', 'list'] as const,
  info: (wtId: string) => ['friends', 'info', wtId] as const,
  infos: () => ['friends', 'info'] as const,
  applies: (direction?: 'in' | 'out') =>
    direction ? (['friends', 'applies', direction] as const) : (['friends', 'applies'] as const),
  black: () => ['friends', 'black'] as const,
  search: (searchId: string) => ['friends', 'search', searchId] as const,
};

export const tagKeys = {
  all: ['tags'] as const,
  list: () => ['tags', 'list'] as const,
  users: (tagId: number) => ['tags', 'users', tagId] as const,
  usersAll: () => ['tags', 'users'] as const,
  of: (wtId: string) => ['tags', 'of', wtId] as const,
  ofAll: () => ['tags', 'of'] as const,
};

export { userConfigKey } from '../../lib/user-config';
