import { AppShell, NavLink, ScrollArea, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/auth/auth-context.ts';
import { Brand } from './brand.tsx';
import { isEntryActive, NAV_ENTRIES } from './nav-entries.ts';
import { UserPanel } from './user-panel.tsx';

export function Sidebar({ onNavigate }: { onNavigate(): void }) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const entries = NAV_ENTRIES.filter((entry) => entry.visible?.(user) ?? true);
  return (
    <>
      <AppShell.Section visibleFrom="sm" px="xs" pt={4} pb="lg">
        <Brand />
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea}>
        <Stack gap={4} component="nav" aria-label="Main navigation">
          {entries.map((entry) => {
            const active = isEntryActive(entry.path, pathname);
            return (
              <NavLink
                key={entry.path}
                component={Link}
                to={entry.path}
                label={entry.label}
                leftSection={<entry.icon size={18} stroke={1.6} />}
                active={active}
                aria-current={active ? 'page' : undefined}
                variant="light"
                fw={500}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                onClick={onNavigate}
              />
            );
          })}
        </Stack>
      </AppShell.Section>
      <AppShell.Section pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <UserPanel />
      </AppShell.Section>
    </>
  );
}
