import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HELPER_CONVERSATION_ID, ToolLimits, type Conversation, type SessionGroup } from '@parley/protocol';
import { CountedInput } from '../../ui/CountedInput';
import { toast } from '../../ui/toast-store';
import { PeoplePicker, type PickerItem } from '../people-picker';
import { conversationName } from '../messages';
import { relationRef, sessionGroupsApi, useSetSessionGroups } from './api';

const toItem = (c: Conversation): PickerItem => ({
  id: c.conversationID,
  name: conversationName(c),
  avatar: c.type === 'GROUP' ? (c.groupProfile?.avatar ?? '') : (c.userProfile?.avatar ?? ''),
  isGroup: c.type === 'GROUP',
});

/** Create or edit a tab: a name field (1–10 characters) over the two-pane conversation picker. */
export function GroupEditor({
  group,
  conversations,
  onDone,
}: {
  group?: SessionGroup;
  conversations: readonly Conversation[];
  onDone(): void;
}) {
  const { t } = useTranslation('sessionGroups');
  const setGroups = useSetSessionGroups();
  const [name, setName] = useState(group?.groupName ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // The official helper is left out of pickers.
  const items = useMemo(
    () => conversations.filter((c) => c.conversationID !== HELPER_CONVERSATION_ID).map(toItem),
    [conversations],
  );
  const initial = useMemo(() => {
    const ids = new Set(group?.relationList.map((r) => r.sessionId) ?? []);
    return items.filter((i) => ids.has(i.id));
  }, [group, items]);

  const save = async (picked: PickerItem[]) => {
    const trimmed = name.trim();
    if (!trimmed) return setError(t('nameRequired'));
    setBusy(true);
    try {
      const relations = picked.map((p) => relationRef(p.id));
      setGroups(
        group
          ? await sessionGroupsApi.update(group.id, trimmed, relations)
          : await sessionGroupsApi.add(trimmed, relations),
      );
      toast.success(group ? t('saved') : t('created'));
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sg-editor" data-testid="session-group-editor">
      <label className="sg-editor__name">
        <span>{t('name')}</span>
        <CountedInput
          value={name}
          max={ToolLimits.sessionGroupName}
          placeholder={t('namePlaceholder')}
          aria-invalid={!!error || undefined}
          testId="session-group-name"
          onValueChange={(v) => {
            setName(v);
            setError('');
          }}
        />
      </label>
      {error && (
        <p className="sg-editor__error" role="alert">
          {error}
        </p>
      )}
      <PeoplePicker
        items={items}
        type="conversation"
        initialSelected={initial}
        grouped={false}
        busy={busy}
        onConfirm={(picked) => void save(picked)}
        onCancel={onDone}
      />
    </div>
  );
}
