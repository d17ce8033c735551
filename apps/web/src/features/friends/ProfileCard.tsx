import { useContext } from 'react';
import { FriendsStatus, type FriendInfo } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Avatar } from '../../ui/Avatar';
import { Spinner } from '../../ui/Spinner';
import { AlbumButton } from '../moments';
import { friendDialogs } from './dialogs-store';
import { CommonGroupsSlot, RecommendSlot } from './profile-slots';
import { FriendSettingsMenu } from './FriendSettingsMenu';
import { useBlack, useHandleApply } from './mutations';
import { useFriendInfo, useUserConfig } from './queries';
import { callPath, chatPath } from './system';
import { nameOf } from './text';
import '../people-picker/picker.css';
import './friends.css';

export type ProfileVariant = 'contact' | 'user' | 'blacklisted' | 'self' | 'missing';

/** Which profile popup (user, contact, blacklisted user) a profile gets. */
export function profileVariant(info: FriendInfo): ProfileVariant {
  if (info.actionStatus === 1) return 'missing';
  if (info.friendsStatus === FriendsStatus.self) return 'self';
  if (info.ownerBlackStatus === 1) return 'blacklisted';
  if (info.friendsStatus === FriendsStatus.friend) return 'contact';
  return 'user';
}

export interface ProfileCardProps {
  wtId: string;
  /** 'popup' is the compact card opened from an avatar; 'pane' fills the contacts detail pane. */
  layout?: 'popup' | 'pane';
  /** Called when an action leaves the card (send message, delete...), so a popup can close. */
  onClose?(): void;
  /** Opened from this group's member list: an application says so (source 5). */
  groupName?: string;
}

/** Profile of anyone by wtId: contact, user, blacklisted-user (and own / not found) variants. */
export function ProfileCard({ wtId, layout = 'popup', onClose, groupName }: ProfileCardProps) {
  const { t } = useTranslation('friends');
  const { data: info, isLoading, isError } = useFriendInfo(wtId);
  if (isLoading) {
    return (
      <div className={`pcard pcard--${layout} pcard--state`}>
        <Spinner size={20} label={t('loading')} />
      </div>
    );
  }
  if (isError || !info)
    return <div className={`pcard pcard--${layout} pcard--state`}>{t('profile.loadFailed')}</div>;
  const variant = profileVariant(info);
  const name = nameOf(info);
  return (
    <div
      className={`pcard pcard--${layout}`}
      data-testid="profile-card"
      data-variant={variant}
      data-wtid={info.wtId}
    >
      <div className="pcard__head">
        <div className="pcard__who">
          <h3 className="pcard__name" data-testid="profile-name">
            {variant === 'missing' ? t('profile.missing') : name}
            {info.isOfficial === 1 && <span className="pp-tag pp-tag--official">{t('official')}</span>}
          </h3>
          {info.remark && info.nickName && (
            <p className="pcard__line">{t('profile.nick', { name: info.nickName })}</p>
          )}
          <p className="pcard__line" data-testid="profile-wtid">
            {t('profile.wtId', { id: info.wtId })}
          </p>
        </div>
        <Avatar src={info.avatar} name={name} size={layout === 'pane' ? 64 : 56} />
      </div>
      {variant === 'blacklisted' && (
        <p className="pcard__notice" data-testid="profile-blacklisted">
          {t('profile.blacklisted')}
        </p>
      )}
      {variant !== 'missing' && <ProfileFacts info={info} variant={variant} />}
      <ProfileActions info={info} variant={variant} layout={layout} onClose={onClose} groupName={groupName} />
    </div>
  );
}

const SOURCE_KEYS = { 1: 'searchId', 2: 'searchPhone', 3: 'scan', 4: 'card', 5: 'group' } as const;

function ProfileFacts({ info, variant }: { info: FriendInfo; variant: ProfileVariant }) {
  const CommonGroups = useContext(CommonGroupsSlot);
  const { t } = useTranslation('friends');
  const rows: { key: string; label: string; value: string }[] = [];
  if (variant === 'contact')
    rows.push({ key: 'remark', label: t('profile.remark'), value: info.remark || t('profile.noRemark') });
  if (variant === 'contact' && info.tagNameList.length)
    rows.push({ key: 'tags', label: t('profile.tags'), value: info.tagNameList.join(t('listSep')) });
  if (info.bio) rows.push({ key: 'bio', label: t('profile.bio'), value: info.bio });
  if (info.commonGroupCount > 0)
    rows.push({
      key: 'groups',
      label: t('profile.commonGroups'),
      value: t('profile.groupCount', { count: info.commonGroupCount }),
    });
  if (info.applySource && info.friendsStatus === FriendsStatus.friend)
    rows.push({
      key: 'source',
      label: t('profile.source'),
      value: t(`source.${SOURCE_KEYS[info.applySource]}`),
    });
  if (!rows.length) return null;
  return (
    <dl className="pcard__facts">
      {rows.map((r) => (
        <div key={r.key} className="pcard__fact" data-testid={`profile-${r.key}`}>
          <dt>{r.label}</dt>
          <dd>
            {r.key === 'groups' && CommonGroups ? <CommonGroups wtId={info.wtId} label={r.value} /> : r.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ProfileActions({
  info,
  variant,
  layout,
  onClose,
  groupName,
}: {
  info: FriendInfo;
  variant: ProfileVariant;
  layout: 'popup' | 'pane';
  onClose?(): void;
  groupName?: string;
}) {
  const { t } = useTranslation('friends');
  const navigate = useNavigate();
  const Recommend = useContext(RecommendSlot);
  const config = useUserConfig();
  const black = useBlack();
  const handle = useHandleApply();
  const media = config.data?.webMediaSwitch === 1;
  const go = (to: string) => {
    onClose?.();
    navigate(to);
  };

  if (variant === 'missing' || variant === 'self') return null;
  if (variant === 'blacklisted') {
    return (
      <div className="pcard__actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={black.isPending}
          onClick={() => black.mutate({ wtId: info.wtId, black: false })}
          data-testid="profile-unblack"
        >
          {t('menu.unblack')}
        </button>
        {info.friendsStatus === FriendsStatus.friend && <FriendSettingsMenu info={info} onDone={onClose} />}
      </div>
    );
  }
  if (variant === 'user') {
    const applied = info.friendsStatus === FriendsStatus.applied;
    const received = info.friendsStatus === FriendsStatus.applyReceived;
    return (
      <div className="pcard__actions">
        {received ? (
          <button
            type="button"
            className="btn btn--primary"
            disabled={handle.isPending}
            onClick={() => handle.mutate({ wtId: info.wtId, accept: true })}
            data-testid="profile-accept"
          >
            {t('apply.accept')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              if (layout === 'popup') onClose?.();
              friendDialogs.openApply({
                wtId: info.wtId,
                nickName: info.nickName,
                avatar: info.avatar,
                source: groupName ? 5 : (info.applySource ?? 1),
                groupName,
              });
            }}
            data-testid="profile-add"
          >
            {applied ? t('apply.again') : t('apply.add')}
          </button>
        )}
        {applied && <span className="pcard__hint">{t('apply.waiting')}</span>}
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            if (layout === 'popup') onClose?.();
            friendDialogs.openReport(info.wtId, nameOf(info));
          }}
          data-testid="profile-report"
        >
          {t('menu.report')}
        </button>
      </div>
    );
  }
  return (
    <div className={`pcard__actions${layout === 'pane' ? ' pcard__actions--pane' : ''}`}>
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => go(chatPath(info.wtId))}
        data-testid="profile-message"
      >
        {t('action.message')}
      </button>
      {media && (
        <>
          <button
            type="button"
            className="btn"
            onClick={() => go(callPath(info.wtId, 'audio'))}
            data-testid="profile-voice"
          >
            {t('action.voice')}
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => go(callPath(info.wtId, 'video'))}
            data-testid="profile-video"
          >
            {t('action.video')}
          </button>
        </>
      )}
      <AlbumButton wtId={info.wtId} onOpen={onClose} />
      {Recommend && info.isOfficial !== 1 && (
        <Recommend
          card={{ wtId: info.wtId, nickName: info.nickName, avatar: info.avatar }}
          onDone={onClose}
        />
      )}
      <FriendSettingsMenu info={info} onDone={onClose} />
    </div>
  );
}
