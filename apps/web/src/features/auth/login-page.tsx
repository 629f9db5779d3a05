import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { loginBody } from '@salary/shared/auth/auth.contract';
import { IconCurrencyDollar } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { redirectTargetFrom } from '../../lib/auth/login-redirect.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { loginErrorMessage } from './login-error-message.ts';

export default function LoginPage() {
  const { status, login } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const target = redirectTargetFrom(location.state);
  const form = useForm({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  if (status === 'authenticated') return <Navigate to={target} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login(values);
      navigate(target, { replace: true });
    } catch (error) {
      toast.error(loginErrorMessage(error));
    }
  });

  return (
    <Center mih="100dvh" px="md" py="xl" bg="var(--mantine-color-gray-0)">
      <Box w="100%" maw={420}>
        <Group gap="xs" justify="center" mb="lg">
          <Center w={36} h={36} bg="indigo.6" c="white" style={{ borderRadius: 10 }} aria-hidden>
            <IconCurrencyDollar size={22} stroke={2} />
          </Center>
          <Text fw={700} size="lg">
            Salary System
          </Text>
        </Group>
        <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg" shadow="sm" withBorder>
          <Stack gap={4} mb="lg">
            <Title order={1} size="h3">
              Sign in to your account
            </Title>
            <Text c="dimmed" size="sm">
              Use the email and password your administrator gave you.
            </Text>
          </Stack>
          <form onSubmit={onSubmit}>
            <Stack gap="md">
              <TextInput
                label="Email"
                type="email"
                autoComplete="username"
                placeholder="you@company.com"
                required
                error={errors.email?.message}
                {...form.register('email')}
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                error={errors.password?.message}
                {...form.register('password')}
              />
              <Button type="submit" fullWidth mt="xs" disabled={isSubmitting}>
                {isSubmitting ? 'Signing in...' : 'Sign in'}
              </Button>
            </Stack>
          </form>
        </Paper>
      </Box>
    </Center>
  );
}
