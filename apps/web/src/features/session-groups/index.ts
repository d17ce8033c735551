export { CustomTabButtons, CustomTabMenuItems, useCustomTabRows } from './CustomTabs';
export { ManageGroupsDialog } from './ManageGroupsDialog';
export { AddToGroupMenu, useAddToGroup } from './AddToGroupMenu';
export { inSessionGroup } from './logic';
export { useCustomTab } from './tab-store';
