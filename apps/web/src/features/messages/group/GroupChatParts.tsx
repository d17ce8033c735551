import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { groupDialogs, useGroupInfo } from '../../groups';
import { MoreIcon } from '../icons';
import { composerBlock, groupNumberOf, type GroupConversation } from './logic';

/**
 * The group parts of the chat window (docs/web.md "Group chat"): the member count and the button
 * that opens the group panel, the notice bar, and the notices that replace the composer.
 */
export function GroupHeaderExtras({
  conversation,
  onOpenPanel,
}: {
  conversation: GroupConversation;
  onOpenPanel(): void;
}) {
  const { t } = useTranslation('groupChat');
  const groupNumber = groupNumberOf(conversation.conversationID);
  // No longer a member (removed, quit, dissolved): no count, no panel.
  const left = (conversation.state ?? 0) > 0;
  const info = useGroupInfo(left ? null : groupNumber);
  if (left) return null;
  return (
    <>
      {info.data && (
        <span className="chat__members" data-testid="chat-member-count">
          {t('members', { count: info.data.memberCount })}
        </span>
      )}
      <button
        type="button"
        className="cv-icon-btn chat__more"
        aria-label={t('openPanel')}
        title={t('openPanel')}
        data-testid="chat-group-panel"
        disabled={!info.data}
        onClick={onOpenPanel}
      >
        <MoreIcon />
      </button>
    </>
  );
}

/** The group notice in one line under the header; 查看 opens it in the group edit dialog (read-only for members). */
export function GroupNoticeBar({ conversation }: { conversation: GroupConversation }) {
  const { t } = useTranslation('groupChat');
  const groupNumber = groupNumberOf(conversation.conversationID);
  const info = useGroupInfo((conversation.state ?? 0) > 0 ? null : groupNumber);
  const notice = info.data?.groupNotice.trim() ?? '';
  if (!notice) return null;
  return (
    <div className="chat-notice" data-testid="group-notice-bar">
      <span className="chat-notice__label">{t('notice.label')}</span>
      <span className="chat-notice__text">{notice}</span>
      <button
        type="button"
        className="cv-link chat-notice__view"
        data-testid="group-notice-view"
        onClick={() => groupDialogs.openEdit(groupNumber, 'notice')}
      >
        {t('notice.view')}
      </button>
    </div>
  );
}

/** Seconds now, renewed when `until` (a mute's end) passes. */
function useNowUntil(until: number): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const left = until * 1000 - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Math.floor(Date.now() / 1000)), Math.min(left + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [until]);
  return now;
}

/**
 * The composer, or the notice that replaces it: '您已被管理员移出群聊' (state 4), '该群聊已被解散' (5),
 * '您已退出该群聊' (8), '您已被禁言' (own mute) or '全员禁言中' (mute-all, ordinary members).
 */
export function GroupComposerGate({
  conversation,
  children,
}: {
  conversation: GroupConversation;
  children: ReactNode;
}) {
  const { t } = useTranslation('groupChat');
  const state = conversation.state ?? 0;
  const info = useGroupInfo(state > 0 ? null : groupNumberOf(conversation.conversationID));
  const self = info.data?.selfMember;
  const now = useNowUntil(self?.muteUntil ?? 0);
  const block = composerBlock(state, self, info.data?.bannedSwitch, now);
  if (!block) return <>{children}</>;
  return (
    <div className="composer-block" data-testid="composer-blocked" data-block={block} role="status">
      {t(`state.${block}`)}
    </div>
  );
}
