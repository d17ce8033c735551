import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MomentLimits, MomentVisibility, charLength, type Moment } from '@parley/protocol';
import { uploadImage } from '../../lib/upload';
import { Modal } from '../../ui/Modal';
import { toast } from '../../ui/toast-store';
import { useTags } from '../friends';
import { momentsApi } from './api';
import { MediaPicker, type Picked } from './MediaPicker';
import { videoStill } from './video-still';
import './composer.css';
import { ModalActions } from '../../ui/ModalActions';

const SCOPES = [
  MomentVisibility.all,
  MomentVisibility.private,
  MomentVisibility.onlyTags,
  MomentVisibility.exceptTags,
];
type Scope = (typeof SCOPES)[number];

/** 发表动态: text, up to 9 photos (previews, reorder) or one video, and who may see it. */
export function Composer({ onClose, onPosted }: { onClose(): void; onPosted(m: Moment): void }) {
  const { t } = useTranslation('moments');
  const [text, setText] = useState('');
  const [media, setMedia] = useState<Picked[]>([]);
  const [scope, setScope] = useState<Scope>(MomentVisibility.all);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const tags = useTags();
  const seq = useRef(0);

  const add = (files: FileList | null, kind: 'image' | 'video') => {
    if (!files?.length) return;
    let list = [...files];
    if (kind === 'video') list = list.slice(0, 1);
    const room = kind === 'video' ? 1 : MomentLimits.images - media.length;
    if (list.length > room) toast.warning(t('tooManyImages'));
    const picked: Picked[] = list.slice(0, Math.max(room, 0)).map((file) => ({
      key: ++seq.current,
      kind,
      preview: URL.createObjectURL(file),
      url: null,
      snapshot: null,
      failed: false,
    }));
    setMedia((old) => (kind === 'video' ? picked : [...old.filter((m) => m.kind === 'image'), ...picked]));
    picked.forEach((p, i) => {
      const file = list[i]!;
      // A video's cover: its first frame, uploaded as a photo (none when the browser cannot draw it).
      const still =
        kind === 'video'
          ? videoStill(file).then((png) =>
              png
                ? uploadImage(png).then(
                    (r) => r.url,
                    () => null,
                  )
                : null,
            )
          : Promise.resolve(null);
      Promise.all([uploadImage(file), still]).then(
        ([r, snapshot]) =>
          setMedia((old) => old.map((m) => (m.key === p.key ? { ...m, url: r.url, snapshot } : m))),
        () => {
          toast.error(t('uploadFailed'));
          setMedia((old) => old.map((m) => (m.key === p.key ? { ...m, failed: true } : m)));
        },
      );
    });
  };

  const needTags =
    (scope === MomentVisibility.onlyTags || scope === MomentVisibility.exceptTags) && !tagIds.length;
  const uploading = media.some((m) => !m.url && !m.failed);
  const ready = media.filter((m) => m.url);
  const canPost = !busy && !uploading && !needTags && (text.trim() !== '' || ready.length > 0);

  const submit = async () => {
    if (!canPost) return;
    setBusy(true);
    try {
      const video = ready.find((m) => m.kind === 'video');
      const moment = await momentsApi.add({
        content: text,
        ...(video
          ? { video: { url: video.url!, ...(video.snapshot ? { snapshotUrl: video.snapshot } : {}) } }
          : { images: ready.map((m) => m.url!) }),
        visibility: scope,
        ...(needTags || scope === MomentVisibility.all || scope === MomentVisibility.private
          ? {}
          : { tagIds }),
      });
      toast.success(t('posted'));
      onPosted(moment);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(v) => !v && onClose()}
      title={t('compose')}
      width={520}
      initialFocus="[data-testid=composer-text]"
      footer={
        <ModalActions
          cancel={{ label: t('cancel'), onClick: onClose }}
          confirm={{
            label: t('post'),
            onClick: () => void submit(),
            disabled: !canPost,
            testId: 'composer-post',
          }}
        />
      }
    >
      <div className="mo-compose">
        <textarea
          className="mo-compose__text"
          value={text}
          rows={4}
          placeholder={t('composePlaceholder')}
          aria-label={t('composePlaceholder')}
          data-testid="composer-text"
          onChange={(e) => setText(e.target.value)}
        />
        <span className="mo-compose__count" aria-live="polite">
          {charLength(text.trim())}/{MomentLimits.content}
        </span>
        <MediaPicker media={media} onChange={setMedia} onAdd={add} />
        <fieldset className="mo-scope">
          <legend>{t('visibility.label')}</legend>
          {SCOPES.map((s) => (
            <label key={s} className="mo-scope__option">
              <input
                type="radio"
                name="moment-scope"
                checked={scope === s}
                data-testid={`composer-scope-${s}`}
                onChange={() => setScope(s)}
              />
              <span>
                <strong>{t(`visibility.${s}`)}</strong>
                <small>{t(`visibility.hint${s}`)}</small>
              </span>
            </label>
          ))}
          {(scope === MomentVisibility.onlyTags || scope === MomentVisibility.exceptTags) && (
            <div className="mo-scope__tags" role="group" aria-label={t('visibility.tags')}>
              {tags.data?.length ? (
                tags.data.map((tag) => (
                  <label key={tag.id} className="mo-tag" data-testid="composer-tag">
                    <input
                      type="checkbox"
                      checked={tagIds.includes(tag.id)}
                      onChange={() =>
                        setTagIds((old) =>
                          old.includes(tag.id) ? old.filter((x) => x !== tag.id) : [...old, tag.id],
                        )
                      }
                    />
                    {tag.tagName}
                  </label>
                ))
              ) : (
                <p className="mo-hint">{t('visibility.noTags')}</p>
              )}
              {needTags && <p className="mo-hint mo-hint--warn">{t('visibility.needTags')}</p>}
            </div>
          )}
        </fieldset>
      </div>
    </Modal>
  );
}
