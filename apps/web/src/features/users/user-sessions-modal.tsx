import { Button, Group, Loader, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import type { Session, User } from '@salary/shared/auth/auth.contract';
import { IconLogout } from '@tabler/icons-react';
import { useEffect } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { formatDateTime } from '../../lib/company-format.tsx';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useEndUserSessions } from './api/end-user-sessions.ts';
import { useUserSessions } from './api/get-user-sessions.ts';

const when = (iso: string) => formatDateTime(iso);

/** On a phone each session is a card: four columns would scroll sideways inside the modal. */
function SessionCards({ sessions }: { sessions: Session[] }) {
  return (
    <Stack gap="xs" hiddenFrom="sm" aria-label="Active sessions">
      {sessions.map((s) => (
        <Paper key={s.id} withBorder radius="md" p="sm">
          <Text size="sm">
            <b>Signed in</b> {when(s.createdAt)}
          </Text>
          <Text size="sm">
            <b>Last used</b> {when(s.lastUsedAt)}
          </Text>
          <Text size="sm">
            <b>Address</b> {s.address ?? '—'}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <b>Browser</b> {s.userAgent ?? '—'}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

function SessionRows({ sessions }: { sessions: Session[] }) {
  return (
    <Table.ScrollContainer minWidth={520} type="native" visibleFrom="sm">
      <Table verticalSpacing="xs" aria-label="Active sessions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Signed in</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>Browser</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>{when(s.createdAt)}</Table.Td>
              <Table.Td>{when(s.lastUsedAt)}</Table.Td>
              <Table.Td>{s.address ?? '—'}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.userAgent ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A user's active sessions, and Sign out everywhere (ends them all at their next request). */
export function UserSessionsModal({ user, onClose }: { user: User; onClose(): void }) {
  const toast = useToast();
  const sessions = useUserSessions(user.id);
  const endAll = useEndUserSessions();

  useEffect(() => {
    if (sessions.isError) toast.error(errorMessage(sessions.error, 'Failed to load sessions'));
  }, [sessions.isError, sessions.error, toast]);

  const signOutEverywhere = async () => {
    try {
      await endAll.mutateAsync(user.id);
      toast.success('Signed out everywhere');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to sign out'));
    }
  };

  const list = sessions.data ?? [];
  return (
    <Modal opened onClose={onClose} title={`Active sessions of ${user.email}`} size="xl" centered>
      <Stack gap="md">
        {sessions.isPending ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">Loading sessions...</Text>
          </Group>
        ) : list.length === 0 ? (
          <Text size="sm">No active sessions</Text>
        ) : (
          <>
            <Text size="sm">{list.length === 1 ? '1 active session' : `${list.length} active sessions`}</Text>
            <SessionRows sessions={list} />
            <SessionCards sessions={list} />
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            color="red"
            leftSection={<IconLogout size={16} />}
            onClick={signOutEverywhere}
            loading={endAll.isPending}
            disabled={list.length === 0}
          >
            Sign out everywhere
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
