import { Alert, Button, List, Paper, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import type { Facility } from '@plinth/domain/facilities';
import { IconCheck } from '@tabler/icons-react';
import { useActivateFacility } from '../api/activate-facility';
import { useParties } from '../api/get-parties';
import { BudgetPanel } from './budget-panel';
import { PartiesPanel } from './parties-panel';

function Step({ isDone, children }: { isDone: boolean; children: React.ReactNode }) {
  return (
    <List.Item
      icon={
        <ThemeIcon
          size={20}
          radius="xl"
          color={isDone ? 'green' : 'gray'}
          variant={isDone ? 'filled' : 'light'}
        >
          {isDone ? <IconCheck aria-hidden size={14} /> : <span aria-hidden>·</span>}
        </ThemeIcon>
      }
    >
      {children}
      <VisuallyHidden>{isDone ? ' (done)' : ' (to do)'}</VisuallyHidden>
    </List.Item>
  );
}

/**
 * A facility while it is being set up (decision 063): the steps in order — the quantity surveyor
 * appointed, the budget entered or imported, approved by the funder, and the facility opened by the
 * funder — each with the server's refusal in its words. Opening is refused until the budget is
 * approved (409); the surveyor may come later, and the list says so.
 */
export function FacilitySetUp({ facility }: { facility: Facility }) {
  const parties = useParties(facility.id);
  const activate = useActivateFacility(facility.id);
  const isFunder = facility.my_role === 'funder';
  const canEdit = facility.my_role === 'developer' || isFunder;
  const hasSurveyor =
    parties.data?.parties.some((p) => p.role === 'surveyor') ||
    parties.data?.invites.some((i) => i.role === 'surveyor') ||
    false;

  return (
    <Stack gap="xl">
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="set-up-steps">
        <Stack gap="xs">
          <Title order={2} fz="lg" id="set-up-steps">
            Setting up
          </Title>
          <Text fz="sm">
            The facility opens for draws once its budget is approved and the funder opens it.
          </Text>
          <List spacing={4} size="sm" center>
            <Step isDone={hasSurveyor}>The funder invites the quantity surveyor</Step>
            <Step isDone={facility.budget_status !== 'none'}>
              The developer or the funder enters the budget
            </Step>
            <Step isDone={facility.budget_status === 'approved'}>The funder approves the budget</Step>
            <Step isDone={false}>The funder opens the facility</Step>
          </List>
          {activate.error && (
            <Alert role="alert" color="red" variant="light" c="red.9" title="The facility was not opened">
              {activate.error.message}
            </Alert>
          )}
          {isFunder && (
            <div>
              <Button mt="xs" loading={activate.isPending} onClick={() => activate.mutate()}>
                Open the facility
              </Button>
            </div>
          )}
        </Stack>
      </Paper>
      <PartiesPanel facilityId={facility.id} canInvite={isFunder} />
      <BudgetPanel facilityId={facility.id} canEdit={canEdit} canApprove={isFunder} />
    </Stack>
  );
}
