import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { ApplyDrawer } from './ApplyDrawer';
import { CreateGroup } from './CreateGroup';
import { GroupEditDialog } from './GroupEditDialog';
import { GroupPanel } from './GroupPanel';
import { useGroupsRealtime } from './realtime';
import { groupDialogs, useGroupUi } from './store';

/** Mounted once by the app layout: live group updates and the host of the group dialogs and panel. */
export function GroupsRoot() {
  useGroupsRealtime();
  const ui = useGroupUi();
  // The panel belongs to the screen it was opened on: another screen (or chat) closes it.
  const { pathname, search } = useLocation();
  useEffect(() => groupDialogs.closePanel(), [pathname, search]);
  return (
    <>
      {(ui.picking || ui.creating) && <CreateGroup />}
      {ui.panel && <GroupPanel />}
      <ApplyDrawer />
      {ui.edit && <GroupEditDialog />}
    </>
  );
}
