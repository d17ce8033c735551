import { useTranslation } from 'react-i18next';

/** A drawn preview of the chat window for the hero (pure CSS, no screenshots to keep in sync). */
export function HeroMock() {
  const { t } = useTranslation('public');
  return (
    <div className="mock" aria-hidden="true">
      <div className="mock__side">
        <span className="mock__me" />
        <span className="mock__nav is-active" />
        <span className="mock__nav" />
        <span className="mock__nav" />
      </div>
      <div className="mock__list">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className={`mock__conv${i === 0 ? ' is-active' : ''}`}>
            <span className={`mock__avatar mock__avatar--${i}`} />
            <span className="mock__lines">
              <span />
              <span />
            </span>
          </div>
        ))}
      </div>
      <div className="mock__chat">
        <div className="mock__head">{t('mock.title')}</div>
        <div className="mock__msgs">
          <div className="mock__bubble">{t('mock.m1')}</div>
          <div className="mock__bubble mock__bubble--me">{t('mock.m2')}</div>
          <div className="mock__bubble">{t('mock.m3')}</div>
          <div className="mock__call">
            <svg viewBox="0 0 24 24" width="16" height="16">
              <path
                d="M3 7a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zm13 3l5-3v10l-5-3"
                fill="currentColor"
              />
            </svg>
            {t('mock.call')}
          </div>
        </div>
        <div className="mock__composer" />
      </div>
    </div>
  );
}
