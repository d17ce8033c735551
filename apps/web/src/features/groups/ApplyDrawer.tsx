import { useTranslation } from 'react-i18next';
import { Drawer } from '../../ui/Drawer';
import { ApplyList } from './ApplyList';
import { useJoinApplies } from './queries';
import { groupDialogs, useGroupUi } from './store';

/** The managers' join-application drawer (360 px right panel; a bottom sheet on phones). */
export function ApplyDrawer() {
  const { t } = useTranslation('groups');
  const open = useGroupUi((s) => s.applies);
  const list = useJoinApplies(open);
  const pending = (list.data?.rows ?? []).filter((r) => r.status === 0);
  return (
    <Drawer open={open} onOpenChange={(v) => !v && groupDialogs.closeApplies()} title={t('apply.drawer')}>
      <ApplyList rows={pending} onEmpty={groupDialogs.closeApplies} />
    </Drawer>
  );
}
