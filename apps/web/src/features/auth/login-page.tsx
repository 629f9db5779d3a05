import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Center, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { loginBody } from '@salary/shared/auth/auth.contract';
import { ssoErrorMessage } from '@salary/shared/oidc/oidc.contract';
import { IconWallet } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { FormPasswordInput, FormTextInput } from '../../components/registered-inputs.tsx';
import { useDocumentTitle } from '../../lib/a11y/document-title.ts';
import { focusPageHeadingWhenShown } from '../../lib/a11y/page-focus.ts';
import { API_BASE } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { redirectTargetFrom } from '../../lib/auth/login-redirect.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useAuthOptions } from './api/get-auth-options.ts';
import { loginErrorMessage } from './login-error-message.ts';
import { rememberSsoTarget } from './sso-target.ts';

/** A failed single sign-on comes back as /login?sso=error&reason=…: toast it once, then drop it from the URL. */
function useSsoErrorToast() {
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const shown = useRef(false);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get('sso') !== 'error' || shown.current) return;
    shown.current = true;
    toast.error(ssoErrorMessage(params.get('reason')));
    navigate({ pathname: location.pathname, search: '' }, { replace: true, state: location.state });
  }, [location, navigate, toast]);
}

export default function LoginPage() {
  const { status, login } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const target = redirectTargetFrom(location.state);
  const form = useForm({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });
  const { isSubmitting } = form.formState;
  const options = useAuthOptions();
  const [adminSignIn, setAdminSignIn] = useState(false);
  useSsoErrorToast();
  useDocumentTitle('Sign in');
  // After signing out (or any arrival) focus goes to the heading, not <body>: a screen reader
  // says where the user is, and the next Tab is the email field.
  const shown = Boolean(options.data) && status !== 'authenticated';
  useEffect(() => (shown ? focusPageHeadingWhenShown() : undefined), [shown]);

  if (status === 'authenticated') return <Navigate to={target} replace />;
  // Wait for the options so a form that is about to hide never flashes.
  if (!options.data) return <FullPageLoader />;
  const { sso, passwordLogin } = options.data;
  const showForm = passwordLogin || adminSignIn;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login(values);
      navigate(target, { replace: true });
    } catch (error) {
      toast.error(loginErrorMessage(error));
    }
  });

  return (
    <Center component="main" mih="100dvh" px="md" py="xl" bg="var(--mantine-color-gray-0)">
      <Box w="100%" maw={420}>
        <Group component="header" gap="xs" justify="center" mb="lg">
          <Center w={36} h={36} bg="indigo.8" c="white" style={{ borderRadius: 10 }} aria-hidden>
            <IconWallet size={22} stroke={2} />
          </Center>
          <Text fw={700} size="lg">
            Salary System
          </Text>
        </Group>
        <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg" shadow="sm" withBorder>
          <Stack gap={4} mb="lg">
            <Title order={1} size="h3" tabIndex={-1}>
              Sign in to your account
            </Title>
            <Text c="dimmed" size="sm">
              {passwordLogin
                ? 'Use the email and password your administrator gave you.'
                : 'Use your company account.'}
            </Text>
          </Stack>
          {sso && !passwordLogin && <SsoButton primary onClick={() => rememberSsoTarget(location.state)} />}
          {!passwordLogin && (
            <Button
              variant="subtle"
              size="compact-sm"
              fullWidth
              mt="md"
              mb={adminSignIn ? 'md' : 0}
              aria-expanded={adminSignIn}
              aria-controls={adminSignIn ? 'password-sign-in' : undefined}
              onClick={() => setAdminSignIn((open) => !open)}
            >
              Administrator sign-in
            </Button>
          )}
          {showForm && (
            <form id="password-sign-in" onSubmit={onSubmit}>
              <Stack gap="md">
                <FormTextInput
                  control={form.control}
                  name="email"
                  label="Email"
                  type="email"
                  autoComplete="email"
                  placeholder="you@company.com"
                  required
                />
                <FormPasswordInput
                  control={form.control}
                  name="password"
                  label="Password"
                  autoComplete="current-password"
                  required
                />
                <Button type="submit" fullWidth mt="xs" disabled={isSubmitting}>
                  {isSubmitting ? 'Signing in...' : 'Sign in'}
                </Button>
              </Stack>
            </form>
          )}
          {sso && passwordLogin && (
            <>
              <Divider label="or" labelPosition="center" my="md" />
              <SsoButton onClick={() => rememberSsoTarget(location.state)} />
            </>
          )}
        </Paper>
      </Box>
    </Center>
  );
}

/** A plain link: the browser leaves for the identity provider through the server's redirect. */
function SsoButton({ primary = false, onClick }: { primary?: boolean; onClick(): void }) {
  return (
    <Button
      component="a"
      href={`${API_BASE}/auth/oidc/start`}
      variant={primary ? 'filled' : 'default'}
      fullWidth
      onClick={onClick}
    >
      Sign in with SSO
    </Button>
  );
}
