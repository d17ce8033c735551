/** Public surface of the groups feature (app layout, contacts, the plus menu, messages). */
import './groups.css';
export { GroupsRoot } from './GroupsRoot';
export { groupDialogs } from './store';
export { GroupListBody, GroupNoticesBody } from './GroupsPanes';
export { useMyGroups, useGroupInfo } from './queries';
