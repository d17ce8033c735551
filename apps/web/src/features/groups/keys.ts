/** TanStack Query keys of the groups feature. */
export const groupKeys = {
  all: ['groups'] as const,
  mine: () => ['groups', 'mine'] as const,
  info: (groupNumber: string) => ['groups', 'info', groupNumber] as const,
  members: (groupNumber: string, keyword = '') => ['groups', 'members', groupNumber, keyword] as const,
  membersAll: (groupNumber: string) => ['groups', 'members', groupNumber] as const,
  muted: (groupNumber: string) => ['groups', 'muted', groupNumber] as const,
  black: (groupNumber: string) => ['groups', 'black', groupNumber] as const,
  candidates: (groupNumber: string) => ['groups', 'candidates', groupNumber] as const,
  joinApplies: () => ['groups', 'notice', 'joinApply'] as const,
  myApplies: () => ['groups', 'notice', 'mine'] as const,
  others: () => ['groups', 'notice', 'others'] as const,
  invitations: () => ['groups', 'notice', 'invitations'] as const,
  notices: () => ['groups', 'notice'] as const,
  card: (groupNumber: string) => ['groups', 'card', groupNumber] as const,
};
