import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import { Empty } from '../../../ui/Empty';
import { Spinner } from '../../../ui/Spinner';
import { ProfilePopover, useBlacklist } from '../../friends';
import { PaneFrame } from './PaneFrame';

/** 黑名单: everyone I blacklisted; a row opens the blacklisted-user popup (with 移出黑名单). */
export function BlacklistPane({ onBack }: { onBack(): void }) {
  const { t } = useTranslation('contacts');
  const list = useBlacklist();
  return (
    <PaneFrame title={t('entry.black')} onBack={onBack}>
      <p className="ct-note ct-note--top">{t('black.note')}</p>
      {list.isLoading ? (
        <div className="ct-loading">
          <Spinner size={20} />
        </div>
      ) : !list.data?.length ? (
        <Empty text={t('black.empty')} />
      ) : (
        <ul className="ct-grid" data-testid="black-list">
          {list.data.map((b) => {
            const name = b.remark || b.nickName || b.wtId;
            return (
              <li key={b.wtId}>
                <ProfilePopover wtId={b.wtId} side="bottom">
                  <button type="button" className="ct-person" data-testid="black-row" data-wtid={b.wtId}>
                    <Avatar src={b.avatar} name={name} size={48} decorative />
                    <span className="ct-person__name">{name}</span>
                  </button>
                </ProfilePopover>
              </li>
            );
          })}
        </ul>
      )}
    </PaneFrame>
  );
}
