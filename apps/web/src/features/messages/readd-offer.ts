import { ApplySource, Errors } from '@parley/protocol';
import i18n from '../../lib/i18n';
import { ApiError } from '../../lib/http';
import { confirm } from '../../ui/confirm';
import { friendDialogs } from '../friends';
import { getConversation } from './conversations';

/**
 * A one-to-one send refused with 20007 (the other side removed or blocked the sender): besides the
 * failed mark, offer to send them a friend application (SPEC "friend re-add call on code 20007").
 * Answers whether it was such a refusal.
 */
export function offerReAddOn(err: unknown, conversationID: string): boolean {
  if (!(err instanceof ApiError) || err.code !== Errors.blacklisted.code || !conversationID.startsWith('C2C'))
    return false;
  void (async () => {
    const t = i18n.getFixedT(null, 'messages');
    const ok = await confirm({
      title: t('readd.title'),
      message: t('readd.message'),
      confirmText: t('readd.confirm'),
    });
    if (!ok) return;
    const c = getConversation(conversationID);
    friendDialogs.openApply({
      wtId: conversationID.slice(3),
      nickName: c?.userProfile?.nick ?? conversationID.slice(3),
      avatar: c?.userProfile?.avatar ?? '',
      source: ApplySource.searchId,
    });
  })();
  return true;
}
