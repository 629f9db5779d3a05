import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SessionProviders } from '../app/session-providers.tsx';
import { theme } from '../app/theme.ts';

/** The app's real providers under a MemoryRouter starting at `route`. */
export function renderWithProviders(ui: ReactNode, { route = '/dashboard' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <SessionProviders>{ui}</SessionProviders>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
