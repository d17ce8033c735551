import { create } from 'zustand';

/** What the group edit dialog edits (the chat window opens it). */
export type GroupEditField = 'nickname' | 'remark' | 'notice' | 'welcome';

interface GroupUiState {
  /** The people picker of 发起群聊 is open. */
  picking: boolean;
  /** The 添加群聊 form, with the wtIds picked. */
  creating: string[] | null;
  /** The group whose management panel is open. */
  panel: string | null;
  /** The managers' join-application drawer. */
  applies: boolean;
  /** The group edit dialog: which group and field. */
  edit: { groupNumber: string; field: GroupEditField } | null;
}

/** Which group dialog or panel is open (hosted once by GroupsRoot). */
export const useGroupUi = create<GroupUiState>(() => ({
  picking: false,
  creating: null,
  panel: null,
  applies: false,
  edit: null,
}));

export const groupDialogs = {
  startGroup: () => useGroupUi.setState({ picking: true }),
  picked: (wtIds: string[]) => useGroupUi.setState({ picking: false, creating: wtIds }),
  closeCreate: () => useGroupUi.setState({ picking: false, creating: null }),
  openPanel: (groupNumber: string) => useGroupUi.setState({ panel: groupNumber }),
  closePanel: () => useGroupUi.setState({ panel: null }),
  openApplies: () => useGroupUi.setState({ applies: true }),
  closeApplies: () => useGroupUi.setState({ applies: false }),
  openEdit: (groupNumber: string, field: GroupEditField) =>
    useGroupUi.setState({ edit: { groupNumber, field } }),
  closeEdit: () => useGroupUi.setState({ edit: null }),
};
