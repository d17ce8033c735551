import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { ApiError } from '../../lib/http';
import { apiErrorText } from '../../lib/error-text';
import { Avatar } from '../../ui/Avatar';
import { Modal } from '../../ui/Modal';
import { SearchField } from '../../ui/SearchField';
import { toast } from '../../ui/toast-store';
import type { ForwardRequest } from './forward-store';
import './forward.css';
import { ModalActions } from '../../ui/ModalActions';

/** A conversation the dialog offers (the messages feature passes them, system ones left out). */
export interface ForwardTarget {
  conversationID: string;
  name: string;
  avatar: string;
}

/** SPEC: forward failure shows '内容包含敏感词汇' for 80001, else the server's message. */
export function forwardErrorText(err: unknown, sensitive: string): string {
  if (err instanceof ApiError) return err.code === 80001 ? sensitive : apiErrorText(err);
  return err instanceof Error ? err.message : String(err);
}

/**
 * 转发: the conversations with a search box and multi-pick; sends one forward (one by one or
 * merged) to every picked conversation. `forwardId` is made once per dialog, so a retry after a
 * dropped answer never sends twice.
 */
export function ForwardDialog({
  request,
  targets,
  onClose,
  onSent,
}: {
  request: ForwardRequest;
  targets: ForwardTarget[];
  onClose(): void;
  onSent?(): void;
}) {
  const { t } = useTranslation('forward');
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [forwardId] = useState(() => crypto.randomUUID().replace(/-/g, ''));
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q
      ? targets.filter((c) => c.name.toLowerCase().includes(q) || c.conversationID.toLowerCase().includes(q))
      : targets;
  }, [targets, query]);
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));

  const send = async () => {
    if (!picked.length || busy) return;
    setBusy(true);
    try {
      await call(
        'forward',
        'forward',
        {
          forwardId,
          messageIDs: request.messageIDs,
          conversationIDs: picked,
          mode: request.mode,
          ...(request.title ? { title: request.title } : {}),
        },
        { silent: true },
      );
      toast.success(t('done'));
      onSent?.();
      onClose();
    } catch (e) {
      toast.error(forwardErrorText(e, t('sensitive')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('title')}
      width={440}
      footer={
        <ModalActions
          cancel={{ label: t('cancel'), onClick: onClose }}
          confirm={{
            label: t('send', { count: picked.length }),
            onClick: () => void send(),
            disabled: !picked.length || busy,
            testId: 'forward-send',
          }}
        />
      }
    >
      <div className="forward" data-testid="forward-dialog">
        <SearchField
          value={query}
          onChange={setQuery}
          label={t('search')}
          clearLabel={t('clear')}
          testId="forward-search"
        />
        <p className="forward__mode">
          {request.mode === 'merged'
            ? t('merged', { count: request.messageIDs.length })
            : t('single', { count: request.messageIDs.length })}
        </p>
        <ul className="forward__list" aria-label={t('title')}>
          {shown.map((c) => (
            <li key={c.conversationID}>
              <label className="forward__row" data-testid="forward-target">
                <input
                  type="checkbox"
                  checked={picked.includes(c.conversationID)}
                  onChange={() => toggle(c.conversationID)}
                />
                <Avatar src={c.avatar} name={c.name} size={32} decorative />
                <span className="forward__name">{c.name}</span>
              </label>
            </li>
          ))}
          {shown.length === 0 && <li className="forward__empty">{t('empty')}</li>}
        </ul>
      </div>
    </Modal>
  );
}
