import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** What the detail pane shows; kept in the URL (?tab=…&id=…) so views can be linked and reloaded. */
export type ContactsTab = 'new' | 'notices' | 'groups' | 'tags' | 'black' | 'friend';
const TABS: readonly ContactsTab[] = ['new', 'notices', 'groups', 'tags', 'black', 'friend'];

export interface ContactsView {
  tab: ContactsTab | null;
  id: string | null;
}

export function parseView(params: URLSearchParams): ContactsView {
  const raw = params.get('tab');
  const tab = TABS.includes(raw as ContactsTab) ? (raw as ContactsTab) : null;
  return { tab, id: tab ? params.get('id') : null };
}

export function useContactsView(): [ContactsView, (tab: ContactsTab | null, id?: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const view = parseView(params);
  const open = useCallback(
    (tab: ContactsTab | null, id?: string | null) => {
      const next = new URLSearchParams();
      if (tab) next.set('tab', tab);
      if (tab && id) next.set('id', id);
      setParams(next, { replace: false });
    },
    [setParams],
  );
  return [view, open];
}
