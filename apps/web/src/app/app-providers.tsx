import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { installDialogFocusReturn } from '../lib/a11y/dialog-focus-return.ts';
import { createQueryClient } from './query-client.ts';
import { SessionProviders } from './session-providers.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * Order matters: auth clears the query cache and navigates, so it sits inside both. The
 * router is a data router (one splat route holding the app's own <Routes>) so forms with
 * unsaved changes can block a navigation (useBlocker).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() =>
    createBrowserRouter([{ path: '*', element: <SessionProviders>{children}</SessionProviders> }]),
  );
  useEffect(() => installDialogFocusReturn(), []);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
