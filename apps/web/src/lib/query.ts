import { QueryClient } from '@tanstack/react-query';

/** Server state cache of the app layout. Errors are toasted by the http client. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
