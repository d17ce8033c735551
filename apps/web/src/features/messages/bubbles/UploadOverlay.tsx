import { useTranslation } from 'react-i18next';
import { useUploads } from '../composer-rich/uploads-store';

/** Progress (0–1) of an own message's media upload with cancel, or retry after a failure. */
export function UploadOverlay({ clientMsgId }: { clientMsgId: string }) {
  const { t } = useTranslation('rich');
  const entry = useUploads((s) => s.byId[clientMsgId]);
  if (!entry) return null;
  const pct = Math.round(entry.progress * 100);
  return (
    <div
      className="rich-upload"
      data-testid="upload-progress"
      data-state={entry.state}
      data-progress={entry.progress.toFixed(3)}
    >
      {entry.state === 'uploading' ? (
        <>
          <div
            className="rich-upload__bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
            aria-label={t('upload.progress')}
          >
            <div className="rich-upload__fill" style={{ width: `${pct}%` }} />
          </div>
          <span className="rich-upload__pct">{pct}%</span>
          <button type="button" className="cv-link" data-testid="upload-cancel" onClick={entry.cancel}>
            {t('upload.cancel')}
          </button>
        </>
      ) : (
        <>
          <span className="rich-upload__failed">{t('upload.failed')}</span>
          <button type="button" className="cv-link" data-testid="upload-retry" onClick={entry.retry}>
            {t('upload.retry')}
          </button>
          <button type="button" className="cv-link" data-testid="upload-cancel" onClick={entry.cancel}>
            {t('upload.cancel')}
          </button>
        </>
      )}
    </div>
  );
}
