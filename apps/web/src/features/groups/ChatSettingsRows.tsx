import type { Conversation } from '@parley/protocol';
import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { errorTextOf } from '../../lib/error-text';
import { useSocketEvent } from '../../lib/realtime';
import { confirm } from '../../ui/confirm';
import { toast } from '../../ui/toast-store';

/** markList value of an archived (folded) conversation. */
const ARCHIVED = 4;

const key = (conversationID: string) => ['groups', 'conversation', conversationID] as const;

/**
 * The chat settings of a conversation's info panel (a group's `GROUP{groupNumber}`, or a one-to-one
 * chat): mute notifications, archive (offered only while muted), clear history. Shown once the
 * conversation exists on the server; the messages list follows through `conversation.updated`.
 */
export function ChatSettingsRows({
  conversationID,
  archiveLabel,
}: {
  conversationID: string;
  /** The archive switch's label when it is not a group's ('折叠该群聊'). */
  archiveLabel?: string;
}) {
  const { t } = useTranslation(['groups', 'messages']);
  const qc = useQueryClient();
  const conv = useQuery({
    queryKey: key(conversationID),
    queryFn: () => call('conversations', 'get', { conversationID }, { silent: true }),
    retry: false,
  });
  // What the changes in flight show until the server answers them, one layer each (set in the event,
  // so the checkbox follows): a quick second switch does not undo the first one's, nor the reverse.
  const [pending, setPending] = useState<Array<{ id: number; patch: Partial<Conversation> }>>([]);
  const changes = useRef(0);
  useSocketEvent('conversation.updated', (c) => {
    if (c.conversationID === conversationID) qc.setQueryData(key(conversationID), c);
  });
  if (!conv.data) return null;
  const c: Conversation = Object.assign({}, conv.data, ...pending.map((p) => p.patch));
  const archived = c.markList.includes(ARCHIVED);
  /** Runs a change, showing `optimistic` at once (put back when the call fails). */
  const change = async (
    run: () => Promise<unknown>,
    texts: { ok?: string; fail: string },
    optimistic?: Partial<Conversation>,
  ) => {
    const id = ++changes.current;
    if (optimistic) setPending((list) => [...list, { id, patch: optimistic }]);
    try {
      const out = await run();
      // mute and clearHistory answer the conversation, mark a list of them.
      const list = (out as { conversations?: Conversation[] }).conversations ?? [out as Conversation];
      const next = list.find((x) => x.conversationID === conversationID);
      if (next) qc.setQueryData(key(conversationID), next);
      else void qc.invalidateQueries({ queryKey: key(conversationID) });
      if (texts.ok) toast.success(texts.ok);
    } catch (err) {
      toast.error(errorTextOf(err, texts.fail));
    } finally {
      if (optimistic) setPending((list) => list.filter((p) => p.id !== id));
    }
  };
  const handleClear = async () => {
    const ok = await confirm({
      title: t('chat.clear'),
      message: t('chat.clearConfirm'),
      danger: true,
    });
    if (!ok) return;
    await change(() => call('conversations', 'clearHistory', { conversationID }, { silent: true }), {
      ok: t('chat.cleared'),
      fail: t('chat.clearFailed'),
    });
  };
  return (
    <>
      <label className="gp-row gp-row--switch">
        <span className="gp-row__label">{t('chat.mute')}</span>
        <input
          type="checkbox"
          checked={c.isMuted}
          data-testid="group-chat-mute"
          onChange={(e) =>
            void change(
              () =>
                call(
                  'conversations',
                  'mute',
                  { conversationID, isMuted: e.target.checked },
                  { silent: true },
                ),
              { fail: t('panel.saveFailed') },
              // Muting or unmuting takes the chat out of the fold (docs/api.md).
              { isMuted: e.target.checked, markList: c.markList.filter((m) => m !== ARCHIVED) },
            )
          }
        />
      </label>
      {c.isMuted && (
        <label className="gp-row gp-row--switch">
          <span className="gp-row__label">{archiveLabel ?? t('chat.archive')}</span>
          <input
            type="checkbox"
            checked={archived}
            data-testid="group-chat-archive"
            onChange={(e) =>
              void change(
                () =>
                  call(
                    'conversations',
                    'mark',
                    { conversationIDList: [conversationID], markType: ARCHIVED, enable: e.target.checked },
                    { silent: true },
                  ),
                {
                  // Like the list's menu, archiving says what it did (it also mutes).
                  ok: e.target.checked ? t('messages:archive.done') : t('messages:archive.outDone'),
                  fail: t('panel.saveFailed'),
                },
                {
                  markList: e.target.checked
                    ? [...c.markList, ARCHIVED]
                    : c.markList.filter((m) => m !== ARCHIVED),
                },
              )
            }
          />
        </label>
      )}
      <button
        type="button"
        className="gp-row gp-row--link"
        onClick={() => void handleClear()}
        data-testid="group-chat-clear"
      >
        <span className="gp-row__label">{t('chat.clear')}</span>
      </button>
    </>
  );
}
