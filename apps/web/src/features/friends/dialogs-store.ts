import { create } from 'zustand';
import type { ApplySource } from '@parley/protocol';

export interface ApplyTarget {
  wtId: string;
  nickName: string;
  avatar: string;
  source: ApplySource;
  /** Met in this group (source 5): the default reason names it. */
  groupName?: string;
}

interface FriendDialogsState {
  remarkTags: string | null;
  moments: string | null;
  apply: ApplyTarget | null;
  addFriend: boolean;
  /** The user being reported (features/reports). */
  report: { wtId: string; name: string } | null;
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
  report: null,
}));

export const friendDialogs = {
  openRemarkTags: (wtId: string) => useFriendDialogs.setState({ remarkTags: wtId }),
  openMoments: (wtId: string) => useFriendDialogs.setState({ moments: wtId }),
  openApply: (target: ApplyTarget) => useFriendDialogs.setState({ apply: target }),
  openAddFriend: () => useFriendDialogs.setState({ addFriend: true }),
  openReport: (wtId: string, name: string) => useFriendDialogs.setState({ report: { wtId, name } }),
  close: (which: keyof FriendDialogsState) =>
    useFriendDialogs.setState({
      [which]: which === 'addFriend' ? false : null,
    } as Partial<FriendDialogsState>),
};

export const anyDialogOpen = (s: FriendDialogsState) =>
  !!(s.remarkTags || s.moments || s.apply || s.addFriend || s.report);
