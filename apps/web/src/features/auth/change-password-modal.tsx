import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack } from '@mantine/core';
import { changePasswordBody } from '@salary/shared/auth/auth.contract';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DialogActions } from '../../components/dialog-actions.tsx';
import { PasswordStrength } from '../../components/password-strength.tsx';
import { FormPasswordInput } from '../../components/registered-inputs.tsx';
import { useCurrentUser } from '../../lib/auth/auth-context.ts';
import { useServerSubmit } from '../../lib/form-errors.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useChangePassword } from './api/change-password.ts';

const MISMATCH = 'New passwords do not match';

const changePasswordForm = changePasswordBody
  .extend({ confirmPassword: z.string().min(1, 'Confirm new password is required') })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: MISMATCH,
    path: ['confirmPassword'],
  });

type FormValues = z.input<typeof changePasswordForm>;

const EMPTY: FormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

interface ChangePasswordModalProps {
  opened: boolean;
  onClose(): void;
}

export default function ChangePasswordModal({ opened, onClose }: ChangePasswordModalProps) {
  const toast = useToast();
  const mutation = useChangePassword();
  const form = useForm<FormValues>({ resolver: zodResolver(changePasswordForm), defaultValues: EMPTY });
  const user = useCurrentUser();
  const newPassword = useWatch({ control: form.control, name: 'newPassword' }) ?? '';

  const close = () => {
    form.reset(EMPTY);
    mutation.reset();
    onClose();
  };

  const onInvalid = (invalid: FieldErrors<FormValues>) => {
    // The spec toasts the mismatch as well as marking the field.
    if (invalid.confirmPassword?.message === MISMATCH) toast.error(MISMATCH);
  };

  const submit = useServerSubmit(form.setError, ['currentPassword', 'newPassword']);
  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    const saved = await submit(() => mutation.mutateAsync({ currentPassword, newPassword }), {
      saved: 'Password changed successfully',
      failed: 'Failed to change password',
    });
    if (saved) close();
  }, onInvalid);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Change Password"
      centered
      closeOnClickOutside={!mutation.isPending}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormPasswordInput
            control={form.control}
            name="currentPassword"
            label="Current Password"
            autoComplete="current-password"
            required
            data-autofocus
          />
          <FormPasswordInput
            control={form.control}
            name="newPassword"
            label="New Password"
            autoComplete="new-password"
            required
            // A changed new password re-checks the confirmation: no stale "do not match".
            rules={{ deps: ['confirmPassword'] }}
          />
          <PasswordStrength password={newPassword} owner={{ email: user.email, name: user.name }} />
          <FormPasswordInput
            control={form.control}
            name="confirmPassword"
            label="Confirm New Password"
            autoComplete="new-password"
            required
          />
          <DialogActions onCancel={close} pending={mutation.isPending} submit="Change Password" mt="xs" />
        </Stack>
      </form>
    </Modal>
  );
}
