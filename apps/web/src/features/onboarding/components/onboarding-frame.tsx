import { Anchor, Box, Button, Container, Group, Stepper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type OnboardingStep = 0 | 1 | 2;

interface OnboardingFrameProps {
  step: OnboardingStep;
  onSignOut: () => void;
  children: ReactNode;
}

/** Onboarding: role -> profile -> complete (spec 000 section 4), with a step indicator. */
export function OnboardingFrame({ step, onSignOut, children }: OnboardingFrameProps) {
  return (
    <Box bg="gray.0" mih="100vh">
      <title>Set up your account | Plinth</title>
      <Box
        component="header"
        bg="white"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="md">
          <Group justify="space-between">
            <Anchor component={Link} to="/" fw={800} fz={24} c="navy.9" underline="never">
              Plinth
            </Anchor>
            <Button variant="subtle" color="gray" c="gray.8" onClick={onSignOut}>
              Sign out
            </Button>
          </Group>
        </Container>
      </Box>
      <Container component="main" size="md" py="xl">
        <Title order={1} fz={28} mb="lg">
          Set up your account
        </Title>
        <Stepper active={step} size="sm" mb="xl" allowNextStepsSelect={false}>
          <Stepper.Step label="Choose role" />
          <Stepper.Step label="Profile" />
          <Stepper.Step label="Submitted" />
        </Stepper>
        {children}
      </Container>
    </Box>
  );
}
