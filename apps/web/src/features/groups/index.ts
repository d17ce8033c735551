/** Public surface of the groups feature (app layout, contacts, the plus menu, messages). */
import './groups.css';
import './group-dialogs.css';
export { GroupsRoot } from './GroupsRoot';
export { GroupPanelContent } from './GroupPanel';
export { ChatSettingsRows } from './ChatSettingsRows';
export { LinkRow } from './LinkRow';
export { groupDialogs, type GroupEditField } from './store';
export { GroupListBody, GroupNoticesBody } from './GroupsPanes';
export { useMyGroups, useGroupInfo, useGroupMembers } from './queries';
export { groupKeys } from './keys';
export { MemberPopover } from './MemberPopover';
export { CommonGroupsButton } from './CommonGroups';
