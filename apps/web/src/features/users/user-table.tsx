import { Table } from '@mantine/core';
import type { User } from '@salary/shared/auth/auth.contract';
import { rowHighlight } from '../../components/row-card.tsx';
import { PermissionSummary } from './permission-summary.tsx';
import { RoleBadge } from './role-badge.tsx';
import { type UserActionHandlers, UserActions } from './user-actions.tsx';

interface UserTableProps extends UserActionHandlers {
  users: User[];
  editingId: number | null;
}

/** Wide screens: one row per user. */
export function UserTable({ users, editingId, ...handlers }: UserTableProps) {
  return (
    <Table.ScrollContainer minWidth={780} type="native">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th w={150}>Role</Table.Th>
            <Table.Th miw={200}>Permissions</Table.Th>
            <Table.Th ta="right" w={190}>
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} bg={rowHighlight(user.id === editingId)} data-user-email={user.email}>
              <Table.Td fw={500}>{user.name}</Table.Td>
              <Table.Td style={{ overflowWrap: 'break-word' }}>{user.email}</Table.Td>
              <Table.Td>
                <RoleBadge user={user} />
              </Table.Td>
              <Table.Td>
                <PermissionSummary user={user} />
              </Table.Td>
              <Table.Td>
                <UserActions user={user} {...handlers} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
