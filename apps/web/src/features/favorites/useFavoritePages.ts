import { useCallback, useEffect, useRef, useState } from 'react';
import { FAVORITES_PAGE, type Favorite } from '@parley/protocol';
import { favoritesApi } from './api';

/** SPEC: load more at most every 300 ms. */
export const LOAD_MORE_MS = 300;

type ContentType = 1 | 2 | 3 | 4 | 5 | 7 | 99;

/** Pages of favorites (10 each) for a search and type; `more()` loads the next page (debounced). */
export function useFavoritePages(search: string, contentType?: ContentType) {
  const [rows, setRows] = useState<Favorite[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const page = useRef(0);
  const gen = useRef(0);
  const last = useRef(0);

  const load = useCallback(
    async (reset: boolean) => {
      const mine = reset ? ++gen.current : gen.current;
      const pageNum = reset ? 1 : page.current + 1;
      setLoading(true);
      try {
        const r = await favoritesApi.list({
          pageNum,
          pageSize: FAVORITES_PAGE,
          collectTitle: search || undefined,
          contentType,
        });
        if (mine !== gen.current) return;
        page.current = pageNum;
        setTotal(r.total);
        setRows((old) =>
          reset ? r.rows : [...old, ...r.rows.filter((x) => !old.some((o) => o.id === x.id))],
        );
      } finally {
        if (mine === gen.current) setLoading(false);
      }
    },
    [search, contentType],
  );

  useEffect(() => {
    void load(true);
  }, [load]);

  const done = rows.length >= total;
  const more = useCallback(() => {
    const now = Date.now();
    if (loading || done || now - last.current < LOAD_MORE_MS) return;
    last.current = now;
    void load(false);
  }, [loading, done, load]);

  const reload = useCallback(() => void load(true), [load]);
  return { rows, total, loading, done, more, reload, setRows };
}
