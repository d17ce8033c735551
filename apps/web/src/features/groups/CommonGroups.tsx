import { useQuery } from '@tanstack/react-query';
import { Ui } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { Avatar } from '../../ui/Avatar';
import { Popover } from '../../ui/Popover';
import { Spinner } from '../../ui/Spinner';
import { groupDialogs } from './store';

/**
 * 共同群聊 in a profile: the count, which opens the common-group popup (300 px; POST
 * /user/groupchat/commonList); a group there opens its panel.
 */
export function CommonGroupsButton({ wtId, label }: { wtId: string; label: string }) {
  return (
    <Popover
      side="bottom"
      align="start"
      arrow={false}
      content={(close) => <CommonGroupsList wtId={wtId} onPick={close} />}
    >
      <button type="button" className="gp-common-btn" data-testid="profile-common-groups">
        {label} <span aria-hidden="true">›</span>
      </button>
    </Popover>
  );
}

function CommonGroupsList({ wtId, onPick }: { wtId: string; onPick(): void }) {
  const { t } = useTranslation('groups');
  const list = useQuery({
    queryKey: ['groups', 'common', wtId],
    queryFn: () => call('groups', 'commonList', { wtId }),
  });
  return (
    <div className="gp-common" style={{ width: Ui.commonGroupPopup }} data-testid="common-groups">
      <p className="gp-common__title">{t('common.title')}</p>
      {list.isLoading && <Spinner size={18} />}
      <ul className="gp-list">
        {(list.data ?? []).map((g) => (
          <li key={g.groupNumber}>
            <button
              type="button"
              className="gp-list__item gp-list__item--button"
              onClick={() => {
                onPick();
                groupDialogs.openPanel(g.groupNumber);
              }}
              data-testid={`common-group-${g.groupNumber}`}
            >
              <Avatar src={g.avatar} name={g.name} size={36} shape="rounded" decorative />
              <span className="gp-list__name">{g.selfMember.groupNameRemark || g.name}</span>
              <span className="gp-note">{t('panel.members', { count: g.memberCount })}</span>
            </button>
          </li>
        ))}
      </ul>
      {list.data?.length === 0 && <p className="gp-note">{t('list.empty')}</p>}
    </div>
  );
}
