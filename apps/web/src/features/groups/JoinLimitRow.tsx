import { useState } from 'react';
import { Limits, type GroupInfo } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { useGroupAction } from './actions';

/** The join level limit: off saves 0; on needs an integer 1–200 (请输入限制等级 / 请输入数字 / 请输入1-200之间的整数). */
export function validateLimit(text: string): 'limitRequired' | 'limitDigits' | 'limitRange' | null {
  const v = text.trim();
  if (!v) return 'limitRequired';
  if (!/^\d+$/.test(v)) return 'limitDigits';
  const n = Number(v);
  return n >= Limits.levelMin && n <= Limits.levelMax ? null : 'limitRange';
}

export function JoinLimitRow({ group }: { group: GroupInfo }) {
  const { t } = useTranslation('groups');
  const run = useGroupAction();
  const [on, setOn] = useState(group.limitLevel > 0);
  const [text, setText] = useState(group.limitLevel > 0 ? String(group.limitLevel) : '');
  const [error, setError] = useState<string | null>(null);
  const save = async (level: number) => {
    if (level === group.limitLevel) return;
    await run(
      group.groupNumber,
      () =>
        call('groups', 'joinLimit', { groupNumber: group.groupNumber, limitLevel: level }, { silent: true }),
      { ok: t('manage.saved'), fail: t('manage.saveFailed') },
    );
  };
  return (
    <div className="gp-row gp-row--block">
      <label className="gp-row--switch">
        <span className="gp-row__label">{t('manage.limit')}</span>
        <input
          type="checkbox"
          checked={on}
          data-testid="group-limit-switch"
          onChange={(e) => {
            setOn(e.target.checked);
            setError(null);
            if (!e.target.checked) void save(0);
          }}
        />
      </label>
      {on && (
        <form
          className="gp-limit"
          onSubmit={(e) => {
            e.preventDefault();
            const bad = validateLimit(text);
            setError(bad && t(`manage.${bad}`));
            if (!bad) void save(Number(text.trim()));
          }}
        >
          <input
            className="input"
            inputMode="numeric"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            placeholder={t('manage.limitPlaceholder')}
            data-testid="group-limit-input"
          />
          <button type="submit" className="btn btn--primary" data-testid="group-limit-save">
            {t('panel.save')}
          </button>
          {error && (
            <span className="gp-error" role="alert" data-testid="group-limit-error">
              {error}
            </span>
          )}
        </form>
      )}
    </div>
  );
}
