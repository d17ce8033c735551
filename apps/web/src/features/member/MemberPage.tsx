import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { useSocketEvent } from '../../lib/realtime';
import { RedeemForm } from './RedeemForm';
import './member.css';

const BENEFITS = ['calls', 'badge'] as const;

/** /member: status with its end date, today's call time, benefits, the redeem form and the plans. */
export default function MemberPage() {
  const { t, i18n } = useTranslation('calls');
  const info = useQuery({ queryKey: ['member', 'info'], queryFn: () => call('calls', 'memberInfo') });
  // Redeemed on another tab, or lapsed: the status follows.
  useSocketEvent('user.updated', () => void info.refetch());
  const d = info.data;
  const minutes = (s: number) => String(Math.floor(s / 60));
  const date = (ms: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(ms);
  return (
    <section className="member" data-testid="screen-member" aria-labelledby="member-title">
      <h1 id="member-title">{t('member.title')}</h1>
      {d && (
        <>
          <h2>{t('member.status')}</h2>
          <p data-testid="member-status">
            {d.vipType !== 0 ? t('member.member', { level: d.vipLevel }) : t('member.nonMember')}
          </p>
          {d.vipType !== 0 && (
            <p data-testid="member-until">
              {d.vipUntil ? t('member.until', { date: date(d.vipUntil) }) : t('member.noEnd')}
            </p>
          )}
          <p data-testid="member-usage">
            {d.vipType !== 0 || d.limitSeconds === 0
              ? t('member.unlimited', { used: minutes(d.usedSeconds) })
              : t('member.usage', { used: minutes(d.usedSeconds), limit: minutes(d.limitSeconds) })}
          </p>
          <h2>{t('member.benefits')}</h2>
          <ul className="member__benefits">
            {BENEFITS.map((b) => (
              <li key={b}>{t(`member.benefit.${b}`)}</li>
            ))}
          </ul>
          <h2>{t('member.redeemTitle')}</h2>
          <RedeemForm />
          <h2>{t('member.plans')}</h2>
          <ul className="member__plans">
            {d.plans.map((p) => (
              <li key={p.level} className="member__plan" data-testid="member-plan">
                <strong>{t(`member.planNames.${p.months}`, { defaultValue: p.name })}</strong>
                <span>{t('member.months', { count: p.months })}</span>
                <span>¥{p.price}</span>
                <span className="member__plan-how">{t('member.planHow')}</span>
              </li>
            ))}
          </ul>
          <p className="member__how">{t('member.howTo')}</p>
        </>
      )}
    </section>
  );
}
