import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { User } from '@salary/shared/auth/auth.contract';
import {
  NO_PERMISSIONS,
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  permissionsSchema,
} from '@salary/shared/common/permissions';
import { createUserBody, updateUserBody } from '@salary/shared/users/users.contract';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormCheckbox } from '../../components/form-fields.tsx';
import { PasswordStrength } from '../../components/password-strength.tsx';
import { FormTextInput } from '../../components/registered-inputs.tsx';
import { useStaleVersion } from '../../components/stale-version-dialog.tsx';
import { SaveBar, UnsavedChangesGuard } from '../../components/unsaved-changes.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useCreateUser } from './api/create-user.ts';
import { useUpdateUser } from './api/update-user.ts';
import { LinkedEmployeeSelect } from './linked-employee-select.tsx';
import { permissionDescription } from './permission-words.ts';

// Both modes share one shape so one form serves both. The checkboxes always hold all six flags;
// editing keeps email and password as they are: shown or hidden, never sent.
const createUserForm = createUserBody.extend({ permissions: permissionsSchema });
const editUserForm = updateUserBody.extend({
  email: z.string(),
  password: z.string(),
  employeeId: createUserBody.shape.employeeId,
});

type UserFormValues = z.input<typeof createUserForm>;
type UserFormOutput = z.output<typeof createUserForm>;

const SERVER_FIELDS = [
  'email',
  'password',
  'name',
  'employeeId',
  ...PERMISSION_KEYS.map((key) => `permissions.${key}`),
];

function defaultsFor(user: User | null): UserFormValues {
  return user
    ? {
        email: user.email,
        password: '',
        name: user.name,
        employeeId: user.employeeId,
        permissions: { ...user.permissions },
      }
    : { email: '', password: '', name: '', employeeId: null, permissions: { ...NO_PERMISSIONS } };
}

interface UserFormProps {
  /** The user being edited, or null to create one. Remount (key) the form when it changes. */
  editing: User | null;
  onDone(): void;
}

export function UserForm({ editing, onDone }: UserFormProps) {
  const toast = useToast();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const stale = useStaleVersion();
  const queryClient = useQueryClient();
  const form = useForm<UserFormValues, unknown, UserFormOutput>({
    resolver: editing ? zodResolver(editUserForm) : zodResolver(createUserForm),
    defaultValues: defaultsFor(editing),
  });
  const { errors, isSubmitting } = form.formState;
  const [password = '', email = '', name = ''] = useWatch({
    control: form.control,
    name: ['password', 'email', 'name'],
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const done = () => {
      form.reset(defaultsFor(null));
      onDone();
    };
    const update = async (user: User, version: number | undefined) => {
      await updateUser.mutateAsync({
        id: user.id,
        body: { name: values.name, permissions: values.permissions, employeeId: values.employeeId, version },
      });
      toast.success('User updated successfully');
      done();
    };
    try {
      if (editing) await update(editing, editing.version);
      else {
        await createUser.mutateAsync(values);
        toast.success('User created successfully');
        done();
      }
    } catch (error) {
      // Saved by someone else since it was opened: Reload (leave the edit, list the latest) or Apply anyway.
      const offered =
        editing &&
        stale.offer(error, {
          apply: (version) => update(editing, version),
          reload: async () => {
            done();
            await queryClient.invalidateQueries();
          },
        });
      if (offered) return;
      applyServerFieldErrors(error, form.setError, SERVER_FIELDS);
      toast.error(errorMessage(error, 'Operation failed'));
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit user' : 'Create user'}>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4">
              {editing ? 'Edit User' : 'Create User'}
            </Title>
            <Text c="dimmed" size="sm">
              {editing
                ? `Change the name and permissions of ${editing.email}. Email and password stay as they are.`
                : 'New users sign in with this email and password.'}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: editing ? 2 : 3 }} spacing="md">
            <FormTextInput
              control={form.control}
              name="email"
              label="Email"
              type="email"
              autoComplete="off"
              required={!editing}
              disabled={Boolean(editing)}
            />
            {editing ? null : (
              <PasswordInput
                label="Password"
                autoComplete="new-password"
                required
                error={errors.password?.message}
                {...form.register('password')}
              />
            )}
            <FormTextInput control={form.control} name="name" label="Name" required autoComplete="off" />
          </SimpleGrid>
          {editing ? null : <PasswordStrength password={password} owner={{ email, name }} />}
          <LinkedEmployeeSelect control={form.control} />
          <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <Text component="legend" fw={500} size="sm" mb="xs">
              Permissions
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
              {PERMISSION_KEYS.map((key) => (
                <FormCheckbox
                  key={key}
                  control={form.control}
                  name={`permissions.${key}`}
                  label={PERMISSION_LABELS[key]}
                  description={permissionDescription(key)}
                />
              ))}
            </SimpleGrid>
          </fieldset>
          <UnsavedChangesGuard when={form.formState.isDirty} />
          <SaveBar dirty={form.formState.isDirty}>
            <Button type="submit" loading={isSubmitting}>
              {editing ? 'Update User' : 'Create User'}
            </Button>
            {editing ? (
              <Button variant="default" onClick={onDone} disabled={isSubmitting}>
                Cancel
              </Button>
            ) : null}
          </SaveBar>
        </Stack>
      </form>
      {stale.dialog}
    </Paper>
  );
}
