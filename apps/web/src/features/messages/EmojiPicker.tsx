import { useTranslation } from 'react-i18next';
import { Popover } from '../../ui/Popover';
import { EmojiIcon } from './icons';

/** The basic set of small emoji, inserted into the text as characters. */
export const EMOJI = Array.from(
  '😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰😗🙂🤗🤩🤔🤨😐😑😶🙄😏😣😥😮🤐😯😪😫🥱😴😌😛😜😝🤤😒😓😔😕🙃🤑😲🙁😖😞😟😤😢😭😦😧😨😩🤯😬😰😱👍👎👏🙏💪🤝👌✌️🌹🎉❤️💔',
).filter((c) => c !== '\uFE0F');

export function EmojiPicker({ onPick }: { onPick(emoji: string): void }) {
  const { t } = useTranslation('messages');
  return (
    <Popover
      side="top"
      align="start"
      label={t('composer.emoji')}
      content={(close) => (
        <div className="emoji-grid" data-testid="emoji-panel">
          {EMOJI.map((e) => (
            <button
              key={e}
              type="button"
              className="emoji-grid__item"
              aria-label={e}
              onClick={() => {
                onPick(e);
                close();
              }}
            >
              {e}
            </button>
          ))}
        </div>
      )}
    >
      <button
        type="button"
        className="cv-icon-btn"
        aria-label={t('composer.emoji')}
        data-testid="emoji-button"
      >
        <EmojiIcon />
      </button>
    </Popover>
  );
}
