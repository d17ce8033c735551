import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { AT_ALL } from '@parley/protocol';
import { useSession } from '../../../lib/session';
import { useDebounced } from '../../../lib/useDebounced';
import { Avatar } from '../../../ui/Avatar';
import { useGroupInfo, useGroupMembers } from '../../groups';
import {
  applyMention,
  atUserListFor,
  groupNumberOf,
  isGroupID,
  mentionCandidates,
  mentionQuery,
  type MentionMember,
} from './logic';
import { loadPinyinMatcher, pinyinMatcher } from './mention-pinyin';

/** The members fetched for the @-list when the group has more than a page of them. */
const MEMBER_PAGE = 100;

export interface Mention {
  /** After every change of the text (value and caret): opens, filters or closes the list. */
  onInput(value: string, caret: number): void;
  /** Arrow keys, Enter/Tab and Escape while the list is open; true when the key was used. */
  onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>): boolean;
  /** The atUserList of a text being sent (the picked mentions still in it); clears them. */
  take(text: string): string[];
  list: ReactNode;
}

/**
 * @-mentions in a group's composer (SPEC: prefix match on nick or userID, case-insensitive, own
 * user excluded; 所有人 for owners and admins only). One-to-one conversations get a no-op.
 */
export function useMention(
  conversationID: string,
  text: string,
  setText: (v: string) => void,
  box: RefObject<HTMLTextAreaElement | null>,
  /** Puts the caret after the picked name once the text is in the box (lib/usePendingCaret.ts). */
  placeCaret: (value: string, pos: number) => void,
): Mention {
  const { t } = useTranslation('groupChat');
  const group = isGroupID(conversationID);
  const groupNumber = group ? groupNumberOf(conversationID) : null;
  const me = useSession((s) => s.user?.wtId ?? '');
  const [at, setAt] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const picked = useRef<Array<{ userID: string; name: string }>>([]);
  const info = useGroupInfo(groupNumber);
  const big = (info.data?.memberCount ?? 0) > MEMBER_PAGE;
  const keyword = useDebounced(big ? (at?.query ?? '') : '', 150);
  const members = useGroupMembers(groupNumber, keyword, group && !!at);
  const canAtAll = info.data?.can.mentionAll ?? false;
  const [pinyin, setPinyin] = useState(pinyinMatcher);

  const candidates = useMemo(() => {
    if (!at) return [];
    const rows: MentionMember[] = (members.data?.rows ?? []).map((r) => ({
      userID: r.wtId,
      nick: r.nickname,
      nameCard: r.groupNickname,
      avatar: r.avatar,
    }));
    return mentionCandidates(
      rows,
      at.query,
      me,
      canAtAll,
      t('mention.allMatch').split(','),
      pinyin ?? undefined,
    );
  }, [at, members.data, me, canAtAll, t, pinyin]);

  if (!group) return { onInput: () => {}, onKeyDown: () => false, take: () => [], list: null };

  const pick = (c: (typeof candidates)[number]) => {
    if (!at) return;
    const el = box.current;
    const caret = el?.selectionStart ?? text.length;
    const name = c === AT_ALL ? t('mention.all') : c.nameCard || c.nick || c.userID;
    const next = applyMention(text, at.start, caret, name);
    picked.current.push({ userID: c === AT_ALL ? AT_ALL : c.userID, name });
    setText(next.text);
    placeCaret(next.text, next.caret);
    setAt(null);
  };

  const open = !!at && candidates.length > 0;
  return {
    onInput(value, caret) {
      const q = mentionQuery(value, caret);
      if (q && !pinyin) void loadPinyinMatcher().then((m) => setPinyin(() => m));
      setAt(q);
      setActive(0);
    },
    onKeyDown(e) {
      if (!at) return false;
      if (e.key === 'Escape') {
        e.preventDefault();
        setAt(null);
        return true;
      }
      if (!open) return false;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => (i + step + candidates.length) % candidates.length);
        return true;
      }
      if ((e.key === 'Enter' || e.key === 'Tab') && !e.nativeEvent.isComposing) {
        e.preventDefault();
        const c = candidates[Math.min(active, candidates.length - 1)];
        if (c) pick(c);
        return true;
      }
      return false;
    },
    take(value) {
      const list = atUserListFor(value, picked.current);
      picked.current = [];
      setAt(null);
      return list;
    },
    list: open ? (
      <ul className="mention-list" role="listbox" aria-label={t('mention.label')} data-testid="mention-list">
        {candidates.map((c, i) => {
          const all = c === AT_ALL;
          const name = all ? t('mention.all') : c.nameCard || c.nick || c.userID;
          return (
            <li
              key={all ? AT_ALL : c.userID}
              role="option"
              aria-selected={i === active}
              className={`mention-list__item${i === active ? ' mention-list__item--active' : ''}`}
              data-testid="mention-option"
              data-id={all ? 'all' : c.userID}
              // Keep the caret in the box: pick on mouse down, before the textarea blurs.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(c);
              }}
              onMouseEnter={() => setActive(i)}
            >
              {all ? (
                <span className="mention-list__all" aria-hidden="true">
                  @
                </span>
              ) : (
                <Avatar src={c.avatar} name={name} size={24} decorative />
              )}
              <span className="mention-list__name">{name}</span>
              {!all && c.nameCard && c.nick && c.nameCard !== c.nick && (
                <span className="mention-list__sub">{c.nick}</span>
              )}
            </li>
          );
        })}
      </ul>
    ) : null,
  };
}
