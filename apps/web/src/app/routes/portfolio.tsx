import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconMessages, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MarketplaceGateNotice } from '../../features/marketplace/components/marketplace-gate-notice';
import { gateOfError } from '../../features/marketplace/utils/marketplace-gate';
import { PortfolioView } from '../../features/portfolio/components/portfolio-view';

/** /portfolio (funder; spec 000 section 2): links to /projects and /messages, totals, deals by stage. */
export default function PortfolioRoute() {
  return (
    <Stack gap="lg">
      <title>Portfolio | Plinth</title>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Portfolio
          </Title>
          <Text c="gray.7">Every project you have access to, from approval to funded.</Text>
        </Stack>
        <Group gap="xs">
          <Button
            component={Link}
            to="/projects"
            variant="default"
            leftSection={<IconSearch aria-hidden size={16} />}
          >
            Browse Projects
          </Button>
          <Button
            component={Link}
            to="/messages"
            variant="default"
            leftSection={<IconMessages aria-hidden size={16} />}
          >
            Messages
          </Button>
        </Group>
      </Group>
      <PortfolioView
        gateNotice={(error) => {
          const gate = gateOfError(error);
          return gate ? <MarketplaceGateNotice gate={gate} /> : null;
        }}
      />
    </Stack>
  );
}
