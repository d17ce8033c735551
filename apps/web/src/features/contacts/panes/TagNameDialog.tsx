import { useState, type FormEvent } from 'react';
import { Limits } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { CountedInput } from '../../../ui/CountedInput';
import { Modal } from '../../../ui/Modal';
import { Spinner } from '../../../ui/Spinner';

/** New tag / rename tag: a name of 1–15 characters. */
export function TagNameDialog({
  title,
  initial = '',
  busy,
  onSubmit,
  onClose,
}: {
  title: string;
  initial?: string;
  busy: boolean;
  onSubmit(name: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation('contacts');
  const [name, setName] = useState(initial);
  const trimmed = name.trim();
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed || busy) return;
    if (trimmed === initial.trim()) return onClose();
    onSubmit(trimmed);
  };
  return (
    <Modal open onOpenChange={(v) => !v && onClose()} title={title} width={380}>
      <form onSubmit={handleSubmit} noValidate>
        <label className="field">
          <span className="field__label">{t('tags.name')}</span>
          <CountedInput
            value={name}
            onValueChange={setName}
            max={Limits.tagName}
            placeholder={t('tags.namePlaceholder')}
            autoFocus
            testId="tag-name-input"
          />
        </label>
        <footer className="fd-footer">
          <button type="button" className="btn" onClick={onClose}>
            {t('cancel')}
          </button>
          <button
            type="submit"
            className="btn btn--primary"
            disabled={!trimmed || busy}
            data-testid="tag-name-save"
          >
            {busy && <Spinner size={14} />}
            {t('save')}
          </button>
        </footer>
      </form>
    </Modal>
  );
}
