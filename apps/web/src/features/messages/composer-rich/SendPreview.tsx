import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../lib/format';
import { Modal } from '../../../ui/Modal';
import { refusedLocally } from '../local-review';
import { sendText } from '../send';
import { sendPreview, takeFiles } from './drop-paste';
import { FileIcon, VideoIcon } from './icons';
import { truncateName } from './media';
import { usePreview, type PendingFile } from './preview-store';
import { ModalActions } from '../../../ui/ModalActions';

const NONE: PendingFile[] = [];

/**
 * The send preview: what was pasted, dropped or picked waits here (thumbnail or icon, name, size,
 * remove) with an optional caption; 发送 or Enter sends it all, the caption as a text after the
 * files; 取消, Escape or removing the last one discards it. More files pasted or dropped here join.
 */
export function SendPreview({
  conversationID,
  to,
}: {
  conversationID: string;
  /** The conversation's name (the title says where it goes). */
  to: string;
}) {
  const { t } = useTranslation('rich');
  const files = usePreview((s) => s.byConv[conversationID] ?? NONE);
  const remove = usePreview((s) => s.remove);
  const clear = usePreview((s) => s.clear);
  const [caption, setCaption] = useState('');
  const open = files.length > 0;

  const send = () => {
    const text = caption.trim() ? caption : '';
    // A caption the local review list refuses keeps the preview open for the writer to change.
    if (text && refusedLocally(text)) return;
    setCaption('');
    sendPreview(conversationID, text ? () => void sendText(conversationID, text) : undefined);
  };
  const close = () => {
    clear(conversationID);
    setCaption('');
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && close()}
      title={t('sendPreview.title', { name: to })}
      width={440}
      initialFocus="[data-testid='preview-caption']"
      footer={
        <ModalActions
          cancel={{ label: t('sendPreview.cancel'), onClick: close, testId: 'preview-cancel' }}
          confirm={{
            label: t('sendPreview.send', { count: files.length }),
            onClick: send,
            testId: 'preview-send',
          }}
        />
      }
    >
      <div
        className="send-preview"
        data-testid="send-preview"
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes('Files')) e.preventDefault();
        }}
        onDrop={(e) => {
          if (takeFiles(conversationID, e.dataTransfer.files)) e.preventDefault();
        }}
      >
        <ul className="send-preview__list" aria-label={t('sendPreview.list')}>
          {files.map((f) => (
            <li key={f.id} className="send-preview__item" data-testid="preview-item" data-kind={f.as}>
              {f.thumb ? (
                <img className="send-preview__thumb" src={f.thumb} alt="" data-testid="preview-thumb" />
              ) : (
                <span className="send-preview__thumb send-preview__thumb--icon" aria-hidden="true">
                  {f.as === 'video' ? <VideoIcon size={28} /> : <FileIcon size={28} />}
                </span>
              )}
              <span className="send-preview__facts">
                <span className="send-preview__name" title={f.file.name} data-testid="preview-name">
                  {truncateName(f.file.name, 24)}
                </span>
                <span className="send-preview__size" data-testid="preview-size">
                  {formatSize(f.file.size)}
                </span>
              </span>
              <button
                type="button"
                className="icon-btn send-preview__remove"
                aria-label={t('chips.remove', { name: f.file.name })}
                data-testid="preview-remove"
                onClick={() => remove(conversationID, f.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <textarea
          className="field send-preview__caption"
          rows={2}
          value={caption}
          placeholder={t('sendPreview.caption')}
          aria-label={t('sendPreview.caption')}
          data-testid="preview-caption"
          onChange={(e) => setCaption(e.target.value)}
          onPaste={(e) => {
            if (takeFiles(conversationID, e.clipboardData?.files)) e.preventDefault();
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.shiftKey || e.ctrlKey || e.metaKey)
              return;
            e.preventDefault();
            send();
          }}
        />
      </div>
    </Modal>
  );
}
