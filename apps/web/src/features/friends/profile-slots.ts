import { createContext, type ComponentType } from 'react';

/**
 * What a profile card shows that another feature draws: the 共同群聊 row's button (the groups
 * feature's). The signed-in layout fills it in (app/layouts/AppLayout.tsx); the friends feature does not import groups,
 * which itself shows profile cards.
 */
export const CommonGroupsSlot = createContext<ComponentType<{ wtId: string; label: string }> | null>(null);

/**
 * 推荐 on a friend's profile card: the messages feature's button, which sends the friend's name
 * card to chats picked (filled in by app/App.tsx like CommonGroupsSlot).
 */
export const RecommendSlot = createContext<ComponentType<{
  card: { wtId: string; nickName: string; avatar: string };
  onDone?(): void;
}> | null>(null);
