import { Stack } from '@mantine/core';
import type { User } from '@salary/shared/auth/auth.contract';
import { useEffect, useState } from 'react';
import { AdminOnly } from '../../components/admin-only.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useConfirmedDelete } from '../../components/use-confirmed-delete.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useDeleteUser } from './api/delete-user.ts';
import { useUsers } from './api/get-users.ts';
import { UserForm } from './user-form.tsx';
import { UserList } from './user-list.tsx';
import { UserSessionsModal } from './user-sessions-modal.tsx';

function UserManagement() {
  const toast = useToast();
  const users = useUsers();
  const deleteUser = useDeleteUser();
  const [editing, setEditing] = useState<User | null>(null);
  const [sessionsOf, setSessionsOf] = useState<User | null>(null);

  useEffect(() => {
    if (users.isError) toast.error(errorMessage(users.error, 'Failed to load users'));
  }, [users.isError, users.error, toast]);

  const startEdit = (user: User) => {
    setEditing(user);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const remove = useConfirmedDelete<User>({
    mutation: deleteUser,
    deleted: 'User deleted successfully',
    failed: 'Failed to delete user',
    onDeleted: (user) => {
      if (editing?.id === user.id) setEditing(null);
    },
    itemName: (user) => user.email,
  });

  return (
    <Stack gap="lg">
      <UserForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <UserList
        users={users.data}
        loading={users.isPending}
        editingId={editing?.id ?? null}
        onEdit={startEdit}
        onDelete={remove.ask}
        onSessions={setSessionsOf}
      />
      {sessionsOf ? <UserSessionsModal user={sessionsOf} onClose={() => setSessionsOf(null)} /> : null}
      <ConfirmDialog
        title="Delete user"
        message="Are you sure you want to delete this user?"
        {...remove.confirmProps}
      />
    </Stack>
  );
}

/** Settings → User Management: admins only; everyone else reaching the URL sees 'Access denied'. */
export default function UsersSection() {
  return (
    <AdminOnly denied="Only administrators can manage users.">
      <UserManagement />
    </AdminOnly>
  );
}
