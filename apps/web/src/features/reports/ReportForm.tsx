import { useState } from 'react';
import { charLength, Limits } from '@parley/protocol';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { errorTextOf } from '../../lib/error-text';
import { ApiError, handleApiError } from '../../lib/http';
import { SESSION_CODES } from '@parley/protocol';
import { toast } from '../../ui/toast-store';
import { uploadImage } from '../../lib/upload';

/** Report images: png or jpeg only (docs/api.md "Reports"). */
const REPORT_TYPES = ['image/png', 'image/jpeg'];

export interface ReportTarget {
  /** 0 a user (targetId: wtId), 1 a group (targetId: groupNumber). */
  type: 0 | 1;
  targetId: string;
}

/**
 * The report form of users and groups: a type from the matching dictionary, a description ≤ 500 and
 * 1–5 png/jpeg images (thumbnails, each removable); '感谢反馈，我们将尽快核实处理' on success.
 */
export function ReportForm({ target, onDone }: { target: ReportTarget; onDone(): void }) {
  const { t } = useTranslation('reports');
  const dictType = target.type === 0 ? 'user_complaint_type' : 'group_complaint_type';
  const types = useQuery({
    queryKey: ['dict', dictType],
    queryFn: () => call('reports', 'dict', { dictType }),
    staleTime: Infinity,
  });
  const [type, setType] = useState('');
  const [detail, setDetail] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const length = charLength(detail.trim());

  const handleFiles = async (input: HTMLInputElement) => {
    const list = [...(input.files ?? [])];
    input.value = '';
    if (list.length === 0) return;
    if (list.some((f) => !REPORT_TYPES.includes(f.type))) return setError(t('imageType'));
    if (images.length + list.length > Limits.reportImages) return setError(t('imageMax'));
    setBusy(true);
    try {
      const urls = await Promise.all(list.map((f) => uploadImage(f).then((r) => r.url)));
      setImages((cur) => [...cur, ...urls]);
      setError(null);
    } catch (err) {
      toast.error(errorTextOf(err, t('uploadFailed')));
    } finally {
      setBusy(false);
    }
  };

  const handleSubmit = async () => {
    if (!type) return setError(t('typeRequired'));
    if (length === 0) return setError(t('detailRequired'));
    if (length > Limits.report) return setError(t('detailTooLong'));
    if (images.length === 0) return setError(t('imageRequired'));
    setBusy(true);
    try {
      await call(
        'reports',
        'add',
        { ...target, complaintType: type, complaintDetail: detail.trim(), complaintImage: images },
        { silent: true },
      );
      toast.success(t('done'));
      onDone();
    } catch (err) {
      if (err instanceof ApiError && (SESSION_CODES.includes(err.code) || err.code === 401)) {
        handleApiError(err);
      } else {
        toast.error(errorTextOf(err, t('failed')));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="rp-form" data-testid="report-form">
      <fieldset className="rp-types">
        <legend className="rp-label">{t('type')}</legend>
        {(types.data ?? []).map((d) => (
          <label key={d.dictValue} className="rp-radio">
            <input
              type="radio"
              name="report-type"
              checked={type === d.dictValue}
              onChange={() => {
                setType(d.dictValue);
                setError(null);
              }}
            />
            {d.dictLabel}
          </label>
        ))}
      </fieldset>
      <label className="rp-field">
        <span className="rp-label">{t('detailLabel')}</span>
        <textarea
          className="input rp-textarea"
          value={detail}
          onChange={(e) => {
            setDetail(e.target.value);
            setError(null);
          }}
          placeholder={t('detail')}
          rows={4}
          data-testid="report-detail"
        />
        <span
          className={`rp-count${length > Limits.report ? ' rp-count--over' : ''}`}
          data-testid="report-count"
        >
          {length}/{Limits.report}
        </span>
      </label>
      <div className="rp-field">
        <span className="rp-label">{t('images', { count: images.length, max: Limits.reportImages })}</span>
        <ul className="rp-images">
          {images.map((url, i) => (
            <li key={url} className="rp-image" data-testid="report-image">
              <img src={url} alt={t('imageAlt', { n: i + 1 })} />
              <button
                type="button"
                className="rp-image__remove"
                aria-label={t('removeImage', { n: i + 1 })}
                onClick={() => setImages((cur) => cur.filter((u) => u !== url))}
                data-testid="report-image-remove"
              >
                ×
              </button>
            </li>
          ))}
          {images.length < Limits.reportImages && (
            <li>
              <label className="rp-add">
                <span aria-hidden="true">+</span>
                <span className="sr-only">{t('addImage')}</span>
                <input
                  type="file"
                  accept="image/png,image/jpeg"
                  multiple
                  hidden
                  disabled={busy}
                  data-testid="report-images"
                  onChange={(e) => void handleFiles(e.target)}
                />
              </label>
            </li>
          )}
        </ul>
        <span className="rp-hint">{t('imageHint')}</span>
      </div>
      {error && (
        <p className="rp-error" role="alert" data-testid="report-error">
          {error}
        </p>
      )}
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={busy}
        onClick={() => void handleSubmit()}
        data-testid="report-submit"
      >
        {t('submit')}
      </button>
    </div>
  );
}
