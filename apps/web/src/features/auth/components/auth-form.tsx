import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authClient, authErrorText } from '../../../lib/auth-client';
import { meQueryOptions } from '../../../lib/get-me';

export type AuthMode = 'sign-in' | 'sign-up';

const fallbackError = 'Something went wrong. Please try again.';
const resetNotice = 'If that e-mail is registered, a reset link is on its way.';

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** One form for both modes: sign-in (email, password) and sign-up (plus name). */
export function AuthForm({ mode }: { mode: AuthMode }) {
  const isSignUp = mode === 'sign-up';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [isRequestingReset, setRequestingReset] = useState(false);
  // An invitation's link (/sign-up?role=surveyor&email=…) fills in the address it was sent to.
  const [searchParams] = useSearchParams();
  const invitedEmail = isSignUp ? (searchParams.get('email') ?? '').trim() : '';

  const form = useForm({
    initialValues: { name: '', email: invitedEmail, password: '' },
    validate: {
      name: (value) => (isSignUp && !value.trim() ? 'Name is required' : null),
      email: (value) =>
        !value.trim()
          ? 'Email is required'
          : looksLikeEmail(value.trim())
            ? null
            : 'Enter a valid email address',
      password: (value) => (value ? null : 'Password is required'),
    },
  });

  const handleSubmit = form.onSubmit(async ({ name, email, password }) => {
    setServerError(null);
    setNotice(null);
    setSubmitting(true);
    try {
      const { error } = isSignUp
        ? await authClient.signUp.email({ name: name.trim(), email: email.trim(), password })
        : await authClient.signIn.email({ email: email.trim(), password });
      if (error) {
        setServerError(authErrorText(error, fallbackError));
        return;
      }
      // Load the new session before leaving, so the guard does not act on a cached "signed out".
      await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 }).catch(() => undefined);
      navigate(isSignUp ? '/onboarding' : '/dashboard', { replace: true });
    } catch {
      setServerError(fallbackError);
    } finally {
      setSubmitting(false);
    }
  });

  async function requestReset() {
    setServerError(null);
    setNotice(null);
    if (form.validateField('email').hasError) return;
    setRequestingReset(true);
    try {
      const { error } = await authClient.requestPasswordReset({
        email: form.getValues().email.trim(),
        redirectTo: '/reset-password',
      });
      // Whether the address is registered is never revealed; only failures of the call itself are.
      if (error && error.status >= 429) setServerError(authErrorText(error, fallbackError));
      else setNotice(resetNotice);
    } catch {
      setServerError(fallbackError);
    } finally {
      setRequestingReset(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {serverError && (
          <Alert role="alert" color="red" variant="light" c="red.9" title="Could not continue">
            {serverError}
          </Alert>
        )}
        {notice && (
          <Alert role="status" color="navy" variant="light">
            {notice}
          </Alert>
        )}
        {isSignUp && <TextInput label="Name" autoComplete="name" required {...form.getInputProps('name')} />}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          required
          {...form.getInputProps('password')}
        />
        {!isSignUp && (
          <Group justify="flex-end" mt={-8}>
            <Anchor
              component="button"
              type="button"
              fz="sm"
              onClick={requestReset}
              disabled={isRequestingReset}
            >
              Forgot password?
            </Anchor>
          </Group>
        )}
        <Button type="submit" fullWidth loading={isSubmitting}>
          {isSignUp ? 'Create Account' : 'Sign In'}
        </Button>
        <Text ta="center" fz="sm" c="gray.7">
          {isSignUp ? 'Already have an account? ' : "Don't have an account? "}
          <Anchor component={Link} to={isSignUp ? '/login' : '/register'} fz="sm" underline="always">
            {isSignUp ? 'Sign in' : 'Create one'}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
