import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { AuthForm } from '../../features/auth/components/auth-form';
import { AuthPage } from '../../features/auth/components/auth-page';
import { useSignedOutFirst } from '../../features/auth/hooks/use-signed-out-first';
import { rememberIntendedRole } from '../../features/auth/utils/intended-role';

export default function RegisterRoute() {
  const [searchParams] = useSearchParams();
  const intendedRole = searchParams.get('role');
  const state = useSignedOutFirst();

  // /register?role=funder preselects "I'm an Investor" at onboarding step 1.
  useEffect(() => rememberIntendedRole(intendedRole), [intendedRole]);

  const subtitle =
    intendedRole === 'funder'
      ? 'Join Plinth as a funder and discover vetted development opportunities.'
      : 'List your development projects and connect with funders across Australia.';

  return (
    <AuthPage title="Create your Plinth account" subtitle={subtitle}>
      {state === 'ready' ? (
        <AuthForm mode="sign-up" />
      ) : (
        <Center py="xl">
          <Stack align="center" gap="sm">
            <Loader role="status" aria-label={state === 'signing-out' ? 'Signing out' : 'Loading'} />
            {state === 'signing-out' && <Text c="gray.7">Signing out...</Text>}
          </Stack>
        </Center>
      )}
    </AuthPage>
  );
}
