import { useState } from 'react';
import { charLength, Limits, type UploadResult } from '@parley/protocol';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, callMultipart } from '../../lib/api';
import { toast } from '../../ui/toast-store';
import { useGroupAction } from './actions';

const REPORT_TYPES = ['image/png', 'image/jpeg'];

function upload(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return callMultipart('uploads', 'upload', form, { silent: true });
}

/** 举报群聊: type (group_complaint_type), description ≤ 500, 1–5 png/jpeg images. */
export function ReportForm({ groupNumber, onDone }: { groupNumber: string; onDone(): void }) {
  const { t } = useTranslation('groups');
  const run = useGroupAction();
  const types = useQuery({
    queryKey: ['dict', 'group_complaint_type'],
    queryFn: () => call('reports', 'dict', { dictType: 'group_complaint_type' }),
    staleTime: Infinity,
  });
  const [type, setType] = useState('');
  const [detail, setDetail] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleFiles = async (files: FileList | null) => {
    const list = [...(files ?? [])];
    if (list.some((f) => !REPORT_TYPES.includes(f.type))) return setError(t('report.imageType'));
    if (images.length + list.length > Limits.reportImages) return setError(t('report.imageMax'));
    setBusy(true);
    try {
      const urls = await Promise.all(list.map((f) => upload(f).then((r) => r.url)));
      setImages((cur) => [...cur, ...urls]);
      setError(null);
    } catch {
      toast.error(t('report.uploadFailed'));
    } finally {
      setBusy(false);
    }
  };

  const handleSubmit = async () => {
    if (!type) return setError(t('report.typeRequired'));
    if (!detail.trim()) return setError(t('report.detailRequired'));
    if (charLength(detail.trim()) > Limits.report) return setError(t('report.detailTooLong'));
    if (images.length === 0) return setError(t('report.imageRequired'));
    setBusy(true);
    const done = await run(
      null,
      () =>
        call(
          'reports',
          'add',
          {
            type: 1,
            targetId: groupNumber,
            complaintType: type,
            complaintDetail: detail.trim(),
            complaintImage: images,
          },
          { silent: true },
        ),
      { ok: t('report.done'), fail: t('report.failed') },
    );
    setBusy(false);
    if (done) onDone();
  };

  return (
    <div className="gp-panel__body" data-testid="group-report">
      <div className="gp-radios" role="radiogroup" aria-label={t('report.type')}>
        {(types.data ?? []).map((d) => (
          <label key={d.dictValue} className="gp-radio">
            <input
              type="radio"
              name="report-type"
              checked={type === d.dictValue}
              onChange={() => setType(d.dictValue)}
            />
            {d.dictLabel}
          </label>
        ))}
      </div>
      <textarea
        className="input gp-textarea"
        value={detail}
        onChange={(e) => {
          setDetail(e.target.value);
          setError(null);
        }}
        placeholder={t('report.detail')}
        rows={4}
        data-testid="group-report-detail"
      />
      <span className="gp-note">
        {charLength(detail.trim())}/{Limits.report}
      </span>
      <label className="btn">
        {t('report.addImage', { count: images.length, max: Limits.reportImages })}
        <input
          type="file"
          accept="image/png,image/jpeg"
          multiple
          hidden
          data-testid="group-report-images"
          onChange={(e) => void handleFiles(e.target.files)}
        />
      </label>
      {error && (
        <p className="gp-error" role="alert" data-testid="group-report-error">
          {error}
        </p>
      )}
      <button
        type="button"
        className="btn btn--primary"
        disabled={busy}
        onClick={() => void handleSubmit()}
        data-testid="group-report-submit"
      >
        {t('report.submit')}
      </button>
    </div>
  );
}
