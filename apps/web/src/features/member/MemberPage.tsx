import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import './member.css';

/** /member: the user's membership status, today's call time against the limit, and the plans. */
export default function MemberPage() {
  const { t } = useTranslation('calls');
  const info = useQuery({ queryKey: ['member', 'info'], queryFn: () => call('calls', 'memberInfo') });
  const d = info.data;
  const minutes = (s: number) => String(Math.floor(s / 60));
  return (
    <section className="member" data-testid="screen-member" aria-labelledby="member-title">
      <h1 id="member-title">{t('member.title')}</h1>
      {d && (
        <>
          <h2>{t('member.status')}</h2>
          <p data-testid="member-status">
            {d.vipType !== 0 ? t('member.member', { level: d.vipLevel }) : t('member.nonMember')}
          </p>
          <p data-testid="member-usage">
            {d.vipType !== 0 || d.limitSeconds === 0
              ? t('member.unlimited', { used: minutes(d.usedSeconds) })
              : t('member.usage', { used: minutes(d.usedSeconds), limit: minutes(d.limitSeconds) })}
          </p>
          <h2>{t('member.plans')}</h2>
          <ul className="member__plans">
            {d.plans.map((p) => (
              <li key={p.level} className="member__plan" data-testid="member-plan">
                <strong>{t(`member.planNames.${p.months}`, { defaultValue: p.name })}</strong>
                <span>{t('member.months', { count: p.months })}</span>
                <span>¥{p.price}</span>
              </li>
            ))}
          </ul>
          <p className="member__how">{t('member.howTo')}</p>
        </>
      )}
    </section>
  );
}
