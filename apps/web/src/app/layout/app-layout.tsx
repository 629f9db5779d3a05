import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SectionLoader } from '../../components/section-loader.tsx';
import { Brand } from './brand.tsx';
import { Sidebar } from './sidebar.tsx';

/** Shared layout: sidebar from 768 px up, a header with a burger below that. */
export default function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  // A navigation on a phone should reveal the page, not leave the menu over it.
  useEffect(() => {
    if (pathname) close();
  }, [pathname, close]);

  return (
    <AppShell
      header={{ height: { base: 56, sm: 0 } }}
      navbar={{ width: 256, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header hiddenFrom="sm" px="md">
        <Group h="100%" gap="sm" wrap="nowrap">
          <Burger
            opened={opened}
            onClick={toggle}
            size="sm"
            aria-label={opened ? 'Close navigation' : 'Open navigation'}
          />
          <Brand />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md">
        <Sidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <div style={{ maxWidth: 1200, marginInline: 'auto' }}>
          <Suspense fallback={<SectionLoader />}>
            <Outlet />
          </Suspense>
        </div>
      </AppShell.Main>
    </AppShell>
  );
}
