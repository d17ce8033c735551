import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import type { CardPerson } from './composer-rich/share/card-person';

/** The 推荐 dialog's card (null: closed). One host renders it (RecommendHost, in the app shell). */
const useRecommend = create<{ card: CardPerson | null }>(() => ({ card: null }));

const RecommendDialog = lazy(() =>
  import('./composer-rich/share/NameCardDialogs').then((m) => ({ default: m.RecommendDialog })),
);

/** 推荐 on a friend's profile card (the friends feature's RecommendSlot): opens the picker, closes the card. */
export function RecommendButton({ card, onDone }: { card: CardPerson; onDone?(): void }) {
  const { t } = useTranslation('rich');
  return (
    <button
      type="button"
      className="btn"
      data-testid="profile-recommend"
      onClick={() => {
        useRecommend.setState({ card });
        onDone?.();
      }}
    >
      {t('share.recommend')}
    </button>
  );
}

/** Renders the 推荐 dialog while one is asked for; its code loads then. */
export function RecommendHost() {
  const card = useRecommend((s) => s.card);
  if (!card) return null;
  return (
    <Suspense fallback={null}>
      <RecommendDialog card={card} onClose={() => useRecommend.setState({ card: null })} />
    </Suspense>
  );
}
