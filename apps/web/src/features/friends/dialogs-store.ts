import { create } from 'zustand';
import type { ApplySource } from '@parley/protocol';

export interface ApplyTarget {
  wtId: string;
  nickName: string;
  avatar: string;
  source: ApplySource;
}

interface FriendDialogsState {
  remarkTags: string | null;
  moments: string | null;
  apply: ApplyTarget | null;
  addFriend: boolean;
}

/**
 * Which friend dialog is open. The dialogs live in one host (FriendsRoot) so they survive the
 * popup or menu that opened them closing.
 */
export const useFriendDialogs = create<FriendDialogsState>(() => ({
  remarkTags: null,
  moments: null,
  apply: null,
  addFriend: false,
}));

export const friendDialogs = {
  openRemarkTags: (wtId: string) => useFriendDialogs.setState({ remarkTags: wtId }),
  openMoments: (wtId: string) => useFriendDialogs.setState({ moments: wtId }),
  openApply: (target: ApplyTarget) => useFriendDialogs.setState({ apply: target }),
  openAddFriend: () => useFriendDialogs.setState({ addFriend: true }),
  close: (which: keyof FriendDialogsState) =>
    useFriendDialogs.setState({
      [which]: which === 'addFriend' ? false : null,
    } as Partial<FriendDialogsState>),
};

export const anyDialogOpen = (s: FriendDialogsState) =>
  !!(s.remarkTags || s.moments || s.apply || s.addFriend);
