import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuickPhrase } from '@parley/protocol';
import { Empty } from '../../ui/Empty';
import { ToolPopover } from '../../ui/ToolPopover';
import { SortableList } from '../../ui/SortableList';
import { confirm } from '../../ui/confirm';
import { toast } from '../../ui/toast-store';
import { quickPhrasesApi, quickPhrasesKey } from './api';
import { PhraseEditor } from './PhraseEditor';

/** Which row is being edited: a phrase id, 'new' for the add box, or none. One at a time. */
type Editing = number | 'new' | null;

function PopupBody({ onPick, close }: { onPick(word: string): void; close(): void }) {
  const { t } = useTranslation('quickPhrases');
  const client = useQueryClient();
  const { data: phrases = [], isLoading } = useQuery({
    queryKey: quickPhrasesKey,
    queryFn: quickPhrasesApi.list,
  });
  const [editMode, setEditMode] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const put = (list: QuickPhrase[]) => client.setQueryData(quickPhrasesKey, list);

  const add = async (word: string) => {
    put(await quickPhrasesApi.add(word));
    setEditing(null);
  };
  const update = async (id: number, word: string) => {
    put(await quickPhrasesApi.update(id, word));
    setEditing(null);
  };
  const remove = async (p: QuickPhrase) => {
    if (!(await confirm({ title: t('deleteConfirm'), danger: true }))) return;
    put(await quickPhrasesApi.remove([p.id]));
    toast.success(t('deleted'));
  };
  const reorder = async (next: QuickPhrase[]) => {
    const before = phrases;
    put(next);
    try {
      put(await quickPhrasesApi.sort(next.map((p) => p.id)));
    } catch {
      put(before);
    }
  };

  return (
    <div className="qp-popup" data-testid="quick-phrases-popup">
      <div className="qp-popup__head">
        <h2 className="qp-popup__title">{t('title')}</h2>
        <button
          type="button"
          className="cv-link"
          data-testid="quick-phrases-mode"
          onClick={() => {
            setEditMode((v) => !v);
            setEditing(null);
          }}
        >
          {editMode ? t('done') : t('edit')}
        </button>
      </div>
      {!isLoading && phrases.length === 0 && editing !== 'new' ? (
        <Empty />
      ) : editMode ? (
        <SortableList
          items={phrases}
          keyOf={(p) => p.id}
          onReorder={(next) => void reorder(next)}
          label={t('title')}
          className="qp-list"
          itemClassName="qp-row qp-row--edit"
          testId="quick-phrase-sortable"
          disabled={editing !== null}
          render={(p) =>
            editing === p.id ? (
              <PhraseEditor
                initial={p.word}
                testId="quick-phrase-edit-input"
                onSave={(w) => update(p.id, w)}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <>
                <span className="qp-row__grip" aria-hidden="true">
                  ⋮⋮
                </span>
                <button
                  type="button"
                  className="qp-row__text"
                  title={t('editOne')}
                  data-testid="quick-phrase-edit"
                  onClick={() => setEditing(p.id)}
                >
                  {p.word}
                </button>
                <button
                  type="button"
                  className="cv-icon-btn qp-row__delete"
                  aria-label={t('delete')}
                  data-testid="quick-phrase-delete"
                  onClick={() => void remove(p)}
                >
                  ×
                </button>
              </>
            )
          }
        />
      ) : (
        <ul className="qp-list" aria-label={t('title')}>
          {phrases.map((p) => (
            <li key={p.id} className="qp-row">
              <button
                type="button"
                className="qp-row__text qp-row__pick"
                data-testid="quick-phrase"
                onClick={() => {
                  onPick(p.word);
                  close();
                }}
              >
                {p.word}
              </button>
            </li>
          ))}
        </ul>
      )}
      {editing === 'new' ? (
        <PhraseEditor testId="quick-phrase-new-input" onSave={add} onCancel={() => setEditing(null)} />
      ) : (
        <button
          type="button"
          className="qp-popup__add"
          data-testid="quick-phrase-add"
          onClick={() => setEditing('new')}
        >
          + {t('add')}
        </button>
      )}
    </div>
  );
}

/** The composer's 常用语 button (one-to-one chats, when the user's phrase switch is on). */
export function QuickPhrasesButton({ onPick }: { onPick(word: string): void }) {
  const { t } = useTranslation('quickPhrases');
  return (
    <ToolPopover
      label={t('title')}
      testId="tool-quick-phrases"
      icon={<path d="M4 5h16v11H9l-5 4z M8 9h8 M8 12h5" strokeLinecap="round" />}
      content={(close) => <PopupBody onPick={onPick} close={close} />}
    />
  );
}
