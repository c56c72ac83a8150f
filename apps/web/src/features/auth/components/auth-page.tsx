import { Anchor, Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface AuthPageProps {
  title: string;
  subtitle: string;
  children: ReactNode;
}

/** The frame of the sign-in and sign-up pages: brand, one heading, the card, and the agreement footer. */
export function AuthPage({ title, subtitle, children }: AuthPageProps) {
  return (
    <Box bg="gray.0" mih="100vh" py={{ base: 'lg', sm: 48 }}>
      <title>{`${title} | Plinth`}</title>
      <Container size={440}>
        <Box component="header" ta="center" mb="lg">
          <Anchor component={Link} to="/" fw={800} fz={28} c="navy.9" underline="never">
            Plinth
          </Anchor>
        </Box>
        <Box component="main">
          <Stack gap={4} mb="md" ta="center">
            <Title order={1} fz={26}>
              {title}
            </Title>
            <Text c="gray.7">{subtitle}</Text>
          </Stack>
          <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
            {children}
          </Paper>
        </Box>
        <Box component="footer" mt="lg">
          <Text ta="center" fz="sm" c="gray.7">
            By continuing, you agree to Plinth's{' '}
            <Anchor component={Link} to="/terms" fz="sm" underline="always">
              Terms of Service
            </Anchor>{' '}
            and{' '}
            <Anchor component={Link} to="/privacy" fz="sm" underline="always">
              Privacy Policy
            </Anchor>
            .
          </Text>
        </Box>
      </Container>
    </Box>
  );
}
