import { useTranslation } from 'react-i18next';
import { toast } from '../../../../ui/toast-store';
import { toPickerItems, useFriends } from '../../../friends';
import { PeoplePicker, type PickerItem } from '../../../people-picker';
import { sendPayload } from '../rich-send';
import type { CardPerson } from './card-person';
import { ShareDialog } from './ShareDialog';

/** A name card message (custom `nameCard`) of `p`. */
export function nameCardPayload(p: CardPerson): Record<string, unknown> {
  return {
    data: JSON.stringify({ businessID: 'nameCard', userId: p.wtId, nickName: p.nickName, avatar: p.avatar }),
    description: p.nickName,
    extension: '',
  };
}

/** Sends `card` to every conversation of `conversationIDs`; '推荐成功' once all are sent. */
async function recommend(conversationIDs: string[], card: CardPerson, done: string) {
  const results = await Promise.all(
    conversationIDs.map((id) => sendPayload(id, 'custom', nameCardPayload(card))),
  );
  if (results.every((r) => r !== 'failed')) toast.success(done);
}

/** The frame of both: the friends (official helper and `except` left out) in a people picker. */
function FriendPickerDialog({
  title,
  mode,
  except,
  onPick,
  onClose,
}: {
  title: string;
  mode: 'radio' | 'multi';
  except?: string;
  onPick(picked: PickerItem[]): void;
  onClose(): void;
}) {
  const friends = useFriends();
  const items = toPickerItems(friends.data ?? []).filter((i) => !i.official && i.id !== except);
  return (
    <ShareDialog title={title} onClose={onClose} width={640}>
      <PeoplePicker
        items={items}
        mode={mode}
        loading={friends.isLoading}
        onCancel={onClose}
        onConfirm={(picked) => {
          if (picked.length === 0) return;
          onPick(picked);
          onClose();
        }}
      />
    </ShareDialog>
  );
}

/** 名片 from the composer: recommend a friend to this chat. */
export function NameCardDialog({ conversationID, onClose }: { conversationID: string; onClose(): void }) {
  const { t } = useTranslation('rich');
  return (
    <FriendPickerDialog
      title={t('share.nameCard')}
      mode="radio"
      onClose={onClose}
      onPick={([p]) =>
        void recommend(
          [conversationID],
          { wtId: p!.id, nickName: p!.name, avatar: p!.avatar ?? '' },
          t('share.recommended'),
        )
      }
    />
  );
}

/** 推荐 from a profile card: send that person's card to the friends picked. */
export function RecommendDialog({ card, onClose }: { card: CardPerson; onClose(): void }) {
  const { t } = useTranslation('rich');
  return (
    <FriendPickerDialog
      title={t('share.recommendTitle', { name: card.nickName })}
      mode="multi"
      except={card.wtId}
      onClose={onClose}
      onPick={(picked) =>
        void recommend(
          picked.map((p) => `C2C${p.id}`),
          card,
          t('share.recommended'),
        )
      }
    />
  );
}
