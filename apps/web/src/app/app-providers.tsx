import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './query-client.ts';
import { SessionProviders } from './session-providers.tsx';
import { theme } from './theme.ts';

/** Order matters: auth clears the query cache and navigates, so it sits inside both. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <SessionProviders>{children}</SessionProviders>
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
