import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@parley/protocol';
import { call } from '../../../lib/api';
import { useFormatTime } from '../../../lib/i18n';
import { Avatar } from '../../../ui/Avatar';
import { Modal } from '../../../ui/Modal';
import { str } from './media-url';
import { nestedBubbleFor } from './lookup';
import type { ContentProps } from './types';

/** SPEC: a merged record's preview shows at most 7 abstract lines. */
export const MERGED_PREVIEW_LINES = 7;

interface Level {
  title: string;
  downloadKey: string;
}

function RecordPage({ level, onOpen }: { level: Level; onOpen(next: Level): void }) {
  const { t } = useTranslation('forward');
  const formatTime = useFormatTime();
  const [state, setState] = useState<{ messages: Message[] } | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    setState('loading');
    call('forward', 'merger', { downloadKey: level.downloadKey }, { silent: true }).then(
      (r) => live && setState(r),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [level.downloadKey]);
  if (state === 'loading') return <p className="rich-record__note">…</p>;
  if (state === 'failed') return <p className="rich-record__note">{t('loadFailed')}</p>;
  return (
    <ol
      className="rich-record"
      data-testid="merged-record"
      tabIndex={0}
      aria-label={level.title || t('record')}
    >
      {state.messages.map((m) => {
        const Content = nestedBubbleFor({ ...m, status: 'success' });
        return (
          <li key={m.ID} className="rich-record__item" data-testid="merged-record-item">
            <Avatar src={m.avatar} name={m.nick || m.from} size={32} decorative />
            <div className="rich-record__body">
              <div className="rich-record__meta">
                <span>{m.nick || m.from}</span>
                <time>{formatTime(m.timeMs)}</time>
              </div>
              {m.type === 'merger' ? (
                <button
                  type="button"
                  className="rich-merger rich-merger--inline"
                  data-testid="merged-nested"
                  onClick={() =>
                    onOpen({ title: str(m.payload.title), downloadKey: str(m.payload.downloadKey) })
                  }
                >
                  <MergerPreview payload={m.payload} />
                </button>
              ) : (
                <div className="rich-record__content">
                  <Content m={{ ...m, status: 'success', flow: 'in' }} mine={false} />
                </div>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function MergerPreview({ payload }: { payload: Record<string, unknown> }) {
  const { t } = useTranslation('forward');
  const lines = Array.isArray(payload.abstractList) ? (payload.abstractList as unknown[]).map(str) : [];
  return (
    <>
      <span className="rich-merger__title">{str(payload.title)}</span>
      <span className="rich-merger__lines">
        {lines.slice(0, MERGED_PREVIEW_LINES).map((l, i) => (
          <span key={i} className="rich-merger__line">
            {l}
          </span>
        ))}
      </span>
      <span className="rich-card__foot">{t('record')}</span>
    </>
  );
}

/** Nested viewer of merged records: back to the outer record, close from any depth. */
export function MergedViewer({ first, onClose }: { first: Level; onClose(): void }) {
  const { t } = useTranslation('forward');
  const [stack, setStack] = useState<Level[]>([first]);
  const top = stack[stack.length - 1]!;
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={top.title || t('record')} width={520}>
      {stack.length > 1 && (
        <button
          type="button"
          className="cv-link"
          data-testid="merged-back"
          onClick={() => setStack((s) => s.slice(0, -1))}
        >
          ‹ {t('back')}
        </button>
      )}
      <div data-testid="merged-viewer" data-depth={stack.length}>
        <RecordPage key={top.downloadKey} level={top} onOpen={(next) => setStack((s) => [...s, next])} />
      </div>
    </Modal>
  );
}

/** Merged chat record bubble: title, at most 7 abstract lines; a click opens the record. */
export function MergerContent({ m }: ContentProps) {
  const [open, setOpen] = useState(false);
  const key = str(m.payload.downloadKey);
  return (
    <>
      <button
        type="button"
        className="rich-merger"
        data-testid="merger-bubble"
        disabled={!key}
        onClick={() => setOpen(true)}
      >
        <MergerPreview payload={m.payload} />
      </button>
      {open && (
        <MergedViewer
          first={{ title: str(m.payload.title), downloadKey: key }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
