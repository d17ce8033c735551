import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popover } from '../../../ui/Popover';
import { Sticker, STICKER_GROUPS } from '../bubbles/stickers';
import { StickerIcon } from './icons';
import { sendPayload } from './rich-send';

/** The sticker (face) groups: a tab per group; picking one sends it as a face message at once. */
export function StickerPicker({ conversationID }: { conversationID: string }) {
  const { t } = useTranslation('rich');
  const [group, setGroup] = useState(0);
  return (
    <Popover
      side="top"
      align="start"
      label={t('tools.sticker')}
      content={(close) => (
        <div className="rich-stickers" data-testid="sticker-panel">
          <div className="rich-stickers__tabs" role="tablist">
            {STICKER_GROUPS.map((g, i) => (
              <button
                key={g.id}
                type="button"
                role="tab"
                aria-selected={i === group}
                className="rich-stickers__tab"
                onClick={() => setGroup(i)}
              >
                <Sticker id={`${g.id}/${g.items[0]}`} size={22} />
              </button>
            ))}
          </div>
          <div className="rich-stickers__grid">
            {STICKER_GROUPS[group]!.items.map((item) => {
              const id = `${STICKER_GROUPS[group]!.id}/${item}`;
              return (
                <button
                  key={id}
                  type="button"
                  className="rich-stickers__item"
                  aria-label={t('tools.stickerItem', { id })}
                  data-testid="sticker-item"
                  onClick={() => {
                    void sendPayload(conversationID, 'face', { index: group, data: id });
                    close();
                  }}
                >
                  <Sticker id={id} size={48} />
                </button>
              );
            })}
          </div>
        </div>
      )}
    >
      <button
        type="button"
        className="cv-icon-btn"
        aria-label={t('tools.sticker')}
        title={t('tools.sticker')}
        data-testid="tool-sticker"
      >
        <StickerIcon />
      </button>
    </Popover>
  );
}
