// Server state of the app's screens (react-query). The fill page does without it (it reads one survey,
// src/pages/fill/api.ts), so the query library stays off the fill route, which respondents download on slow links: App.tsx
// provides it.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not get better by asking again; a dropped connection might.
      retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
    },
  },
});
