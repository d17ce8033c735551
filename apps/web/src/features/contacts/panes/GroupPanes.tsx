import { useTranslation } from 'react-i18next';
import { GroupListBody, GroupNoticesBody } from '../../groups';
import { PaneFrame } from './PaneFrame';

/** 群通知: join applications to my groups, my own applications, and notices about my groups. */
export function GroupNoticesPane({ onBack }: { onBack(): void }) {
  const { t } = useTranslation('contacts');
  return (
    <PaneFrame title={t('entry.notices')} onBack={onBack}>
      <GroupNoticesBody />
    </PaneFrame>
  );
}

/** 群聊: the user's groups; a row opens the group's panel. */
export function GroupsPane({ onBack }: { onBack(): void }) {
  const { t } = useTranslation('contacts');
  return (
    <PaneFrame title={t('entry.groups')} onBack={onBack}>
      <GroupListBody />
    </PaneFrame>
  );
}
