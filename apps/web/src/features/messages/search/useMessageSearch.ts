import { useInfiniteQuery } from '@tanstack/react-query';
import type { Message } from '@parley/protocol';
import { call } from '../../../lib/api';

/**
 * Messages matching `keyword` (POST /message/search: newest first, 20 a page), in one conversation
 * or in all of them; `more()` fetches the next page.
 */
export function useMessageSearch(keyword: string, conversationID?: string) {
  const kw = keyword.trim();
  const q = useInfiniteQuery({
    queryKey: ['messages', 'search', conversationID ?? '', kw],
    queryFn: ({ pageParam }) =>
      call('messages', 'search', {
        keyword: kw,
        ...(conversationID ? { conversationID } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: kw.length > 0,
    staleTime: 10_000,
  });
  const hits: Message[] = q.data?.pages.flatMap((p) => p.messages) ?? [];
  return {
    hits,
    loading: q.isFetching,
    done: q.isSuccess && !q.isFetching,
    hasMore: !!q.hasNextPage,
    more: () => void q.fetchNextPage(),
  };
}

/** Splits `text` around each (case-insensitive) occurrence of `keyword`, for highlighting. */
export function splitHits(text: string, keyword: string): Array<{ text: string; hit: boolean }> {
  const kw = keyword.trim().toLowerCase();
  if (!kw) return [{ text, hit: false }];
  const out: Array<{ text: string; hit: boolean }> = [];
  const lower = text.toLowerCase();
  let at = 0;
  for (let i = lower.indexOf(kw); i >= 0; i = lower.indexOf(kw, at)) {
    if (i > at) out.push({ text: text.slice(at, i), hit: false });
    out.push({ text: text.slice(i, i + kw.length), hit: true });
    at = i + kw.length;
  }
  if (at < text.length) out.push({ text: text.slice(at), hit: false });
  return out;
}
