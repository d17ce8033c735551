import { useCallback, useEffect, useRef, useState } from 'react';
import type { Moment, MomentPage } from '@parley/protocol';
import { momentsApi } from './api';

/**
 * The feed (no `wtId`) or one user's album, 10 a page, newest first; `more()` loads the page after
 * the last row. Rows are replaced in place after a like, comment or removal.
 */
export function useMomentPages(wtId?: string) {
  const [rows, setRows] = useState<Moment[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const gen = useRef(0);

  const load = useCallback(
    async (after?: number) => {
      const mine = after === undefined ? ++gen.current : gen.current;
      setLoading(true);
      try {
        const page: MomentPage = wtId ? await momentsApi.album(wtId, after) : await momentsApi.feed(after);
        if (mine !== gen.current) return;
        setHasMore(page.hasMore);
        setRows((old) =>
          after === undefined
            ? page.rows
            : [...old, ...page.rows.filter((r) => !old.some((o) => o.id === r.id))],
        );
      } finally {
        if (mine === gen.current) setLoading(false);
      }
    },
    [wtId],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const more = useCallback(() => {
    const last = rows.at(-1);
    if (!loading && hasMore && last) void load(last.id);
  }, [rows, loading, hasMore, load]);

  const update = useCallback((id: number, patch: Partial<Moment> | null) => {
    setRows((old) =>
      patch ? old.map((m) => (m.id === id ? { ...m, ...patch } : m)) : old.filter((m) => m.id !== id),
    );
  }, []);

  return {
    rows,
    hasMore,
    loading,
    more,
    reload: () => void load(),
    update,
    prepend: (m: Moment) => setRows((o) => [m, ...o]),
  };
}
