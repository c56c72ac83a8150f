import { Anchor, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { dealMessages } from '@plinth/domain/deals';
import { IconBriefcase } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadFailedAlert, LoadingBlock } from '../../../components/load-states';
import { usePortfolio } from '../api/get-portfolio';
import { usePortfolioLoadFailed } from '../hooks/use-portfolio-load-failed';
import { PortfolioGroups } from './portfolio-groups';
import { PortfolioLights } from './portfolio-lights';
import { PortfolioTotals } from './portfolio-totals';

interface PortfolioViewProps {
  /** What to show when the server refuses for the marketplace's reasons (composed by the route). */
  gateNotice: (error: Error) => ReactNode | null;
}

/** /portfolio: the totals, the facilities' lights, then every deal grouped by stage; 'Load Failed' when it cannot be read. */
export function PortfolioView({ gateNotice }: PortfolioViewProps) {
  const query = usePortfolio();
  const gate = query.isError ? gateNotice(query.error) : null;
  usePortfolioLoadFailed(query.isError && !gate);

  if (query.isPending) return <LoadingBlock label="Loading portfolio" />;
  if (query.isError)
    return (
      gate ?? (
        <LoadFailedAlert title={dealMessages.portfolioLoadFailedTitle}>
          {dealMessages.portfolioLoadFailed}.{' '}
          <Anchor component="button" type="button" c="red.9" fz="sm" onClick={() => void query.refetch()}>
            Try again
          </Anchor>
        </LoadFailedAlert>
      )
    );

  const { items, totals } = query.data;
  return (
    <Stack gap="xl">
      <PortfolioTotals totals={totals} />
      <PortfolioLights />
      {items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon variant="light" color="navy" size={48} radius="xl">
              <IconBriefcase aria-hidden size={26} />
            </ThemeIcon>
            <Title order={2} fz="lg">
              No deals yet
            </Title>
            <Text c="gray.7" fz="sm" maw={460}>
              Projects appear here once a developer approves your access request; Engage opens a deal room.
            </Text>
            <Button component={Link} to="/projects">
              Browse Projects
            </Button>
          </Stack>
        </Paper>
      ) : (
        <PortfolioGroups items={items} />
      )}
    </Stack>
  );
}
