import { useState, type FormEvent, type ReactNode } from 'react';
import { FriendsStatus, type FriendInfo, type UserSearchResult } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError, handleApiError } from '../../lib/http';
import { Avatar } from '../../ui/Avatar';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { SearchIcon } from '../../ui/icons';
import { friendsApi } from './api';
import { ApplyForm } from './ApplyForm';
import { errorText, isSessionError } from './errors';
import { useBlack } from './mutations';
import { chatPath } from './system';
import { nameOf } from './text';

interface Found {
  result: UserSearchResult;
  info: FriendInfo;
}

/**
 * 添加朋友: search by wtId or phone, the result card, and the application with a reason
 * (applySource 1 for an ID match, 2 for a phone match). Exported for the messages screen's plus menu.
 */
export function AddFriendDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('friends');
  return (
    <Modal open={open} onOpenChange={(v) => !v && onClose()} title={t('add.title')} width={420}>
      {open && <AddFriendBody onClose={onClose} />}
    </Modal>
  );
}

function AddFriendBody({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('friends');
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<Found | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);

  const handleSearch = async (e: FormEvent) => {
    e.preventDefault();
    const searchId = query.trim();
    if (!searchId || busy) return;
    setBusy(true);
    setError(null);
    setFound(null);
    setApplying(false);
    try {
      const result = await friendsApi.search(searchId);
      const info = await friendsApi.info(result.wtId, { silent: true });
      setFound({ result, info });
    } catch (err) {
      if (isSessionError(err) && err instanceof ApiError) handleApiError(err);
      else setError(errorText(err, t('add.notFound')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fd-add">
      <form className="fd-search" onSubmit={handleSearch} role="search">
        <span className="fd-search__box">
          <SearchIcon />
          <input
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('add.placeholder')}
            aria-label={t('add.placeholder')}
            autoFocus
            data-testid="add-search"
          />
        </span>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={!query.trim() || busy}
          data-testid="add-search-btn"
        >
          {busy ? <Spinner size={14} /> : t('add.search')}
        </button>
      </form>
      {error && (
        <p className="fd-error fd-center" role="alert" data-testid="add-error">
          {error}
        </p>
      )}
      {!found && !error && <p className="fd-muted fd-center">{t('add.hint')}</p>}
      {found && (
        <SearchResultCard
          key={found.info.wtId}
          found={found}
          applying={applying}
          onApply={() => setApplying(true)}
          onCancelApply={() => setApplying(false)}
          onClose={onClose}
          onChanged={(info) => setFound({ ...found, info })}
        />
      )}
    </div>
  );
}

function SearchResultCard({
  found,
  applying,
  onApply,
  onCancelApply,
  onClose,
  onChanged,
}: {
  found: Found;
  applying: boolean;
  onApply(): void;
  onCancelApply(): void;
  onClose(): void;
  onChanged(info: FriendInfo): void;
}) {
  const { t } = useTranslation('friends');
  const navigate = useNavigate();
  const black = useBlack();
  const { result, info } = found;
  const name = nameOf(info) || result.nickName;
  const blocked = info.ownerBlackStatus === 1;

  let action: ReactNode = null;
  if (info.friendsStatus === FriendsStatus.self) action = <span className="fd-muted">{t('add.self')}</span>;
  else if (blocked)
    action = (
      <button
        type="button"
        className="btn"
        disabled={black.isPending}
        onClick={() =>
          black.mutate(
            { wtId: info.wtId, black: false },
            { onSuccess: () => onChanged({ ...info, ownerBlackStatus: 0 }) },
          )
        }
        data-testid="add-unblack"
      >
        {t('menu.unblack')}
      </button>
    );
  else if (info.friendsStatus === FriendsStatus.friend)
    action = (
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => {
          onClose();
          navigate(chatPath(info.wtId));
        }}
        data-testid="add-message"
      >
        {t('action.message')}
      </button>
    );
  else if (!applying)
    action = (
      <button type="button" className="btn btn--primary" onClick={onApply} data-testid="add-apply">
        {info.friendsStatus === FriendsStatus.applied ? t('apply.again') : t('apply.add')}
      </button>
    );

  return (
    <div className="fd-result" data-testid="add-result" data-wtid={info.wtId}>
      <div className="fd-target">
        <Avatar src={info.avatar || result.avatar} name={name} size={56} />
        <div className="fd-target__main">
          <div className="fd-target__name" data-testid="add-result-name">
            {name}
          </div>
          <div className="fd-muted">{t('profile.wtId', { id: info.wtId })}</div>
          {info.bio && <div className="fd-muted fd-ellipsis">{info.bio}</div>}
        </div>
      </div>
      {blocked && <p className="pcard__notice">{t('profile.blacklisted')}</p>}
      {info.friendsStatus === FriendsStatus.applied && !applying && (
        <p className="fd-muted">{t('apply.waiting')}</p>
      )}
      <div className="fd-result__action">{action}</div>
      {applying && (
        <ApplyForm
          target={{ wtId: info.wtId, nickName: info.nickName, avatar: info.avatar, source: result.source }}
          onDone={onClose}
          onCancel={onCancelApply}
        />
      )}
    </div>
  );
}
