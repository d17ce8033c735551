import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolLimits, charLength } from '@parley/protocol';

/** One phrase's text box: Enter saves (trimmed, 1–200 characters), Escape cancels. */
export function PhraseEditor({
  initial = '',
  onSave,
  onCancel,
  testId,
}: {
  initial?: string;
  onSave(word: string): Promise<void>;
  onCancel(): void;
  testId: string;
}) {
  const { t } = useTranslation('quickPhrases');
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const length = charLength(value.trim());
  const tooLong = length > ToolLimits.quickPhrase;
  const save = async () => {
    if (busy || !value.trim() || tooLong) return;
    setBusy(true);
    try {
      await onSave(value.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="qp-editor">
      <textarea
        className="qp-editor__input"
        value={value}
        rows={2}
        autoFocus
        aria-label={t('placeholder')}
        placeholder={t('placeholder')}
        aria-invalid={tooLong || undefined}
        data-testid={testId}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void save();
          }
        }}
      />
      <span className={`qp-editor__count${tooLong ? ' qp-editor__count--over' : ''}`}>
        {length}/{ToolLimits.quickPhrase}
      </span>
    </div>
  );
}
