import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui/Spinner';
import { resultKey, useTranslationPanels } from './translation-store';

/** The result panel under a bubble: the translation or transcript, a spinner, or the error with a retry. */
export function TranslationPanel({ messageID }: { messageID: string }) {
  const { t } = useTranslation('messages');
  const panel = useTranslationPanels((s) => s.open[messageID]);
  const result = useTranslationPanels((s) => (panel ? s.results[resultKey(messageID, panel)] : undefined));
  const retry = useTranslationPanels((s) => s.retry);
  const toggle = useTranslationPanels((s) => s.toggle);
  if (!panel || !result) return null;
  const title = panel.kind === 'voice' ? t('translation.voiceTitle') : t('translation.title');
  return (
    <div
      className={`msg-translation msg-translation--${result.status}`}
      data-testid="translation-panel"
      data-kind={panel.kind}
      data-status={result.status}
      role="region"
      aria-label={title}
      aria-live="polite"
      aria-busy={result.status === 'loading'}
    >
      <div className="msg-translation__head">
        <span>{title}</span>
        <button
          type="button"
          className="msg-translation__close"
          aria-label={t('translation.hide')}
          data-testid="translation-hide"
          onClick={() => toggle(messageID, panel)}
        >
          ×
        </button>
      </div>
      {result.status === 'loading' && <Spinner size={14} label={t('translation.loading')} />}
      {result.status === 'done' && (
        <p className="msg-translation__text" data-testid="translation-text">
          {result.text || t('translation.empty')}
        </p>
      )}
      {result.status === 'error' && (
        <p className="msg-translation__error" data-testid="translation-error">
          {result.error}{' '}
          <button type="button" className="cv-link" onClick={() => retry(messageID, panel)}>
            {t('translation.retry')}
          </button>
        </p>
      )}
    </div>
  );
}
