import type { Conversation } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { Ui } from '@parley/protocol';
import { useEscape } from '../../../ui/useEscape';
import { GroupPanelContent } from '../../groups';
import { groupNumberOf, isGroupID } from '../group/logic';
import { conversationName } from '../types';
import { PeerInfo } from './PeerInfo';
import './info.css';

/**
 * The open chat's info panel, part of that chat (it never outlives a switch to another one): a
 * side column that narrows the chat on a desktop, a full-screen page on a phone. Escape or the
 * close (phone: back) button closes it.
 */
export function ChatInfoPanel({
  conversation,
  onClose,
  onSearch,
}: {
  conversation: Conversation;
  onClose(): void;
  onSearch(): void;
}) {
  const { t } = useTranslation('chatInfo');
  const id = conversation.conversationID;
  const group = isGroupID(id);
  useEscape(onClose);
  // A group the user is no longer in has no panel.
  if (group && (conversation.state ?? 0) > 0) return null;
  return (
    <aside
      className="gp-panel chat-info"
      style={{ ['--side-panel' as string]: `${Ui.sidePanel}px` }}
      data-testid={group ? 'group-panel' : 'chat-info'}
      aria-label={group ? conversationName(conversation) : t('title')}
    >
      <button type="button" className="chat-info__back" onClick={onClose} data-testid="chat-info-back">
        {t('back')}
      </button>
      {group ? (
        <GroupPanelContent groupNumber={groupNumberOf(id)} onClose={onClose} />
      ) : (
        <PeerInfo conversation={conversation} onClose={onClose} onSearch={onSearch} />
      )}
    </aside>
  );
}
