import { ApplyDrawer } from './ApplyDrawer';
import { CreateGroup } from './CreateGroup';
import { GroupEditDialog } from './GroupEditDialog';
import { GroupPanel } from './GroupPanel';
import { useGroupsRealtime } from './realtime';
import { useGroupUi } from './store';

/** Mounted once by the app layout: live group updates and the host of the group dialogs and panel. */
export function GroupsRoot() {
  useGroupsRealtime();
  const ui = useGroupUi();
  return (
    <>
      {(ui.picking || ui.creating) && <CreateGroup />}
      {ui.panel && <GroupPanel />}
      <ApplyDrawer />
      {ui.edit && <GroupEditDialog />}
    </>
  );
}
