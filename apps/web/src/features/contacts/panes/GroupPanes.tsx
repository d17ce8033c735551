import { useTranslation } from 'react-i18next';
import { Empty } from '../../../ui/Empty';
import { PaneFrame } from './PaneFrame';

/** 群通知: join applications and group notices arrive with the groups feature; until then it is empty. */
export function GroupNoticesPane({ onBack }: { onBack(): void }) {
  const { t } = useTranslation('contacts');
  return (
    <PaneFrame title={t('entry.notices')} onBack={onBack}>
      <Empty text={t('notices.empty')}>
        <p className="ct-note">{t('notices.note')}</p>
      </Empty>
    </PaneFrame>
  );
}

/** 群聊: the user's groups. There are no groups yet (the groups feature comes later), and the pane says so. */
export function GroupsPane({ onBack }: { onBack(): void }) {
  const { t } = useTranslation('contacts');
  return (
    <PaneFrame title={t('entry.groups')} onBack={onBack}>
      <Empty text={t('groups.empty')}>
        <p className="ct-note">{t('groups.note')}</p>
      </Empty>
    </PaneFrame>
  );
}
