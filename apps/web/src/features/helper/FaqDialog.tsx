import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Empty } from '../../ui/Empty';
import { Modal } from '../../ui/Modal';
import { helperApi, helperFaqKey } from './api';
import './helper.css';

/** Asks the helper one FAQ question; its answer arrives in the helper conversation. */
export async function askHelper(id: number): Promise<void> {
  await helperApi.question(id);
}

/** The helper conversation's FAQ toolbar button and its 常见问题 dialog. */
export function HelperFaqButton() {
  const { t } = useTranslation('helper');
  const [open, setOpen] = useState(false);
  const { data: faq = [], isLoading } = useQuery({
    queryKey: helperFaqKey,
    queryFn: helperApi.list,
    enabled: open,
    staleTime: 60_000,
  });
  return (
    <>
      <button
        type="button"
        className="cv-icon-btn helper-faq-btn"
        aria-label={t('faq')}
        title={t('faq')}
        data-testid="tool-faq"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .8-1 1.5v.7"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
          <circle cx="12" cy="17" r="1.1" fill="currentColor" />
        </svg>
      </button>
      <Modal open={open} onOpenChange={setOpen} title={t('faq')} width={420}>
        {!isLoading && faq.length === 0 ? (
          <Empty />
        ) : (
          <ul className="helper-faq" data-testid="faq-dialog">
            {faq.map((q) => (
              <li key={q.id}>
                <button
                  type="button"
                  className="helper-faq__q"
                  data-testid="faq-question"
                  onClick={() => {
                    setOpen(false);
                    void askHelper(q.id);
                  }}
                >
                  {q.question}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
}
