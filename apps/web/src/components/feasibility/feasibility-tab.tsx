import { Alert, Stack } from '@mantine/core';
import type { FeasibilityProject } from '@plinth/domain/broker-ai/feasibility';
import { IconInfoCircle } from '@tabler/icons-react';
import { InterestScheduleCard } from './interest-schedule-card';
import { RatiosCard } from './ratios-card';
import { SensitivityGridCard } from './sensitivity-grid-card';
import { StressCasesCard } from './stress-cases-card';
import { useWhatIf } from './use-what-if';
import { WhatIfForm } from './what-if-form';

/**
 * The Feasibility tab (issue 21) of the project page and the deal room: every figure comes from
 * the domain's feasibility(), the one BrokerAI and the credit summary use; this only lays it out.
 */
export function FeasibilityTab({ project }: { project: FeasibilityProject }) {
  const whatIf = useWhatIf(project);
  const { result } = whatIf;
  return (
    <Stack gap="lg">
      {result.missing.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          c="dark.7"
          icon={<IconInfoCircle aria-hidden />}
          title="Figures missing"
          data-testid="feasibility-missing"
        >
          {whatIf.isChanged ? 'Missing from your figures' : 'The listing does not give'}:{' '}
          {result.missing.join(', ')}. Figures that need them show — or say what they need.
        </Alert>
      )}
      <WhatIfForm whatIf={whatIf} />
      <RatiosCard ratios={result.ratios} />
      <SensitivityGridCard grid={result.grid} hurdlePercent={result.hurdlePercent} />
      <InterestScheduleCard schedule={result.schedule} />
      <StressCasesCard
        cases={result.stress}
        hurdlePercent={result.hurdlePercent}
        isWhatIf={whatIf.isChanged}
      />
    </Stack>
  );
}
