import { createContext, type ComponentType } from 'react';

/**
 * What a profile card shows that another feature draws: the 共同群聊 row's button (the groups
 * feature's). The signed-in layout fills it in (app/layouts/AppLayout.tsx); the friends feature does not import groups,
 * which itself shows profile cards.
 */
export const CommonGroupsSlot = createContext<ComponentType<{ wtId: string; label: string }> | null>(null);
