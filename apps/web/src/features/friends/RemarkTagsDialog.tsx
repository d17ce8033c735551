import { useState, type FormEvent } from 'react';
import { Limits, utf8Length } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { CountedInput } from '../../ui/CountedInput';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast-store';
import { useSetUserTags, useTagOp, useUpdateRemark } from './mutations';
import { useFriendInfo, useTagsOf } from './queries';
import { clampChars } from '../../lib/text';
import { remarkProblem } from './text';

/** 设置备注和标签: remark (≤16 characters, ≤96 bytes) and the friend's tags, with a new-tag field. */
export function RemarkTagsDialog({ wtId, onClose }: { wtId: string; onClose(): void }) {
  const { t } = useTranslation('friends');
  const info = useFriendInfo(wtId);
  const tags = useTagsOf(wtId);
  const ready = info.data && tags.data;
  return (
    <Modal open onOpenChange={(v) => !v && onClose()} title={t('remarkTags.title')} width={440}>
      {ready ? (
        <RemarkTagsForm
          key={wtId}
          wtId={wtId}
          remark={info.data.remark}
          tagIds={tags.data.filter((x) => x.tagStatus === 1).map((x) => x.id)}
          onClose={onClose}
        />
      ) : tags.isError ? (
        <p className="fd-error">{t('toast.tagsLoadFailed')}</p>
      ) : (
        <div className="fd-loading">
          <Spinner size={20} label={t('loading')} />
        </div>
      )}
    </Modal>
  );
}

function RemarkTagsForm({
  wtId,
  remark: initialRemark,
  tagIds: initialTags,
  onClose,
}: {
  wtId: string;
  remark: string;
  tagIds: number[];
  onClose(): void;
}) {
  const { t } = useTranslation('friends');
  const tags = useTagsOf(wtId);
  const [remark, setRemark] = useState(initialRemark);
  const [picked, setPicked] = useState<Set<number>>(() => new Set(initialTags));
  const [newTag, setNewTag] = useState('');
  const updateRemark = useUpdateRemark();
  const setTags = useSetUserTags();
  const tagOp = useTagOp();
  const problem = remarkProblem(remark);
  const busy = updateRemark.isPending || setTags.isPending;

  const handleToggle = (id: number) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const handleCreateTag = async () => {
    const name = newTag.trim();
    if (!name) return;
    try {
      const tag = await tagOp.mutateAsync({ op: 'create', name });
      if (tag) setPicked((prev) => new Set(prev).add(tag.id));
      setNewTag('');
    } catch {
      /* the http client showed the server's message (name taken, too many tags) */
    }
  };
  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    const nextRemark = remark.trim();
    const remarkChanged = nextRemark !== initialRemark;
    const before = new Set(initialTags);
    const tagsChanged = before.size !== picked.size || [...picked].some((id) => !before.has(id));
    if (!remarkChanged && !tagsChanged) return onClose();
    try {
      if (remarkChanged) await updateRemark.mutateAsync({ wtId, remark: nextRemark });
      if (tagsChanged) await setTags.mutateAsync({ wtId, tagIds: [...picked] });
      toast.success(t('toast.updated'));
      onClose();
    } catch {
      /* 修改备注失败，请重试 / 修改标签失败，请重试 already shown */
    }
  };

  return (
    <form onSubmit={handleSubmit} className="fd-form" noValidate>
      <label className="field">
        <span className="field__label">{t('remarkTags.remark')}</span>
        <CountedInput
          value={remark}
          onValueChange={setRemark}
          max={Limits.remark}
          placeholder={t('remarkTags.remarkPlaceholder')}
          autoFocus
          testId="remark-input"
        />
        {problem && (
          <span className="field__error" role="alert">
            {t(`remarkTags.${problem}`, {
              max: Limits.remark,
              bytes: Limits.remarkBytes,
              used: utf8Length(remark.trim()),
            })}
          </span>
        )}
      </label>
      <div className="field">
        <span className="field__label">{t('remarkTags.tags')}</span>
        <div className="fd-tags" data-testid="tag-choices">
          {(tags.data ?? []).map((tag) => (
            <button
              key={tag.id}
              type="button"
              className={`fd-tag${picked.has(tag.id) ? ' fd-tag--on' : ''}`}
              aria-pressed={picked.has(tag.id)}
              onClick={() => handleToggle(tag.id)}
            >
              {tag.tagName}
            </button>
          ))}
          {tags.data?.length === 0 && <span className="fd-muted">{t('remarkTags.noTags')}</span>}
        </div>
        <span className="fd-newtag">
          <input
            className="input"
            value={newTag}
            onChange={(e) => setNewTag(clampChars(e.target.value, Limits.tagName))}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void handleCreateTag();
              }
            }}
            placeholder={t('remarkTags.newTag', { max: Limits.tagName })}
            data-testid="new-tag-input"
          />
          <button
            type="button"
            className="btn"
            disabled={!newTag.trim() || tagOp.isPending}
            onClick={() => void handleCreateTag()}
          >
            {t('remarkTags.addTag')}
          </button>
        </span>
      </div>
      <footer className="fd-footer">
        <button type="button" className="btn" onClick={onClose}>
          {t('cancel')}
        </button>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={!!problem || busy}
          data-testid="remark-save"
        >
          {busy && <Spinner size={14} />}
          {t('save')}
        </button>
      </footer>
    </form>
  );
}
