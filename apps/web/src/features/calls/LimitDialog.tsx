import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { Modal } from '../../ui';
import { callEngine } from './engine';
import { useCallStore } from './store';

/** '开通会员提示': today's call time is used up; 开通 goes to /member, 知道了 closes. */
export function LimitDialog() {
  const { t } = useTranslation('calls');
  const open = useCallStore((s) => s.limitDialog);
  const navigate = useNavigate();
  return (
    <Modal
      open={open}
      onOpenChange={(v) => !v && callEngine.closeLimitDialog()}
      title={t('limit.title')}
      width={380}
      footer={
        <div className="call-limit__actions">
          <button type="button" className="btn" data-testid="limit-ok" onClick={callEngine.closeLimitDialog}>
            {t('limit.ok')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="limit-open"
            onClick={() => {
              callEngine.closeLimitDialog();
              navigate(paths.member);
            }}
          >
            {t('limit.open')}
          </button>
        </div>
      }
    >
      <p data-testid="limit-text">{t('limit.text')}</p>
    </Modal>
  );
}
