import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FavoriteType } from '@parley/protocol';
import { errorTextOf } from '../../lib/error-text';
import { Modal } from '../../ui/Modal';
import { toast } from '../../ui/toast-store';
import { favoritesApi } from './api';
import { ModalActions } from '../../ui/ModalActions';

/** The most a note holds (the server's `noteContent` limit). */
const NOTE_MAX = 5000;

/** 新建笔记: a title and text saved as a note favorite, which 发送给朋友 then sends as a note message. */
export function NoteEditor({ onClose, onSaved }: { onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('favorites');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!title.trim() && !text.trim()) return setError(t('note.empty'));
    setBusy(true);
    try {
      await favoritesApi.add({
        contentType: FavoriteType.note,
        collectTitle: title.trim() || undefined,
        noteContent: text,
      });
      toast.success(t('note.saved'));
      onSaved();
      onClose();
    } catch (err) {
      setError(errorTextOf(err, t('note.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onOpenChange={(v) => !v && onClose()}
      title={t('note.new')}
      width={520}
      footer={
        <ModalActions
          cancel={{ label: t('note.cancel'), onClick: onClose }}
          confirm={{ label: t('note.save'), onClick: () => void save(), disabled: busy, testId: 'note-save' }}
        />
      }
    >
      <div className="fav-note">
        <label className="fav-note__field">
          <span>{t('note.title')}</span>
          <input
            className="input"
            value={title}
            maxLength={200}
            data-testid="note-title"
            onChange={(e) => {
              setTitle(e.target.value);
              setError('');
            }}
          />
        </label>
        <label className="fav-note__field">
          <span>{t('note.text')}</span>
          <textarea
            className="input fav-note__text"
            value={text}
            maxLength={NOTE_MAX}
            rows={8}
            data-testid="note-text"
            onChange={(e) => {
              setText(e.target.value);
              setError('');
            }}
          />
        </label>
        {error && (
          <p className="fav-note__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
