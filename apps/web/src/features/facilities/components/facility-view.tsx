import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { applicableRateBps, facilityStatusLabels } from '@plinth/domain/facility/facility-machine';
import { Link } from 'react-router';
import { LoadFailedAlert } from '../../../components/load-states';
import { useBudget } from '../api/get-budget';
import { useDraws } from '../api/get-draws';
import { useFacility } from '../api/get-facility';
import { useLiveFacilities } from '../hooks/use-live-facilities';
import { aud, day, percentOf } from '../utils/money';
import { bpsToPercent } from '../utils/rates';
import { textOn } from '../utils/text-colors';
import { BudgetPanel } from './budget-panel';
import { CostReportTable } from './cost-report-table';
import { DefaultCurePanel } from './default-cure-panel';
import { DrawnChart } from './drawn-chart';
import { DrawsList } from './draws-list';
import { EquityForm } from './equity-form';
import { FacilityLife, RepaidNotice } from './facility-life';
import { FacilitySetUp } from './facility-set-up';
import { InBalancePanel } from './in-balance-panel';
import { PartiesPanel } from './parties-panel';

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text fz="xs" c="gray.7" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="lg" fw={700}>
        {value}
      </Text>
      {note && (
        <Text fz="xs" c="gray.7">
          {note}
        </Text>
      )}
    </Paper>
  );
}

/**
 * One facility for any of its parties: headline figures, the in-balance test in words, drawn against
 * budget over time, the cost report by line, the draws (the developer starts drafts here) and equity.
 */
export function FacilityView({ facilityId }: { facilityId: string }) {
  useLiveFacilities();
  const facility = useFacility(facilityId);
  const draws = useDraws(facilityId);
  const budget = useBudget(facilityId);

  if (facility.isError)
    return <LoadFailedAlert title="Failed to load the facility">{facility.error.message}</LoadFailedAlert>;
  const f = facility.data;
  if (!f) return <Skeleton h={400} role="status" aria-label="Loading the facility" />;

  const canAct = f.my_role === 'developer' || f.my_role === 'funder';
  return (
    <Stack gap="lg">
      <title>{`${f.project_title} facility | Plinth`}</title>
      <Stack gap={4}>
        <Anchor component={Link} to="/facilities" fz="sm">
          All facilities
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {f.project_title}
          </Title>
          <Badge
            variant="light"
            color={f.status === 'active' ? 'green' : f.status === 'in_default' ? 'red' : 'gray'}
            c="dark.7"
          >
            {facilityStatusLabels[f.status]}
          </Badge>
          {/* BrokerAI's chat bound to this facility, answering from its live figures (decision 069). */}
          <Button component={Link} to={`/broker-ai?facility=${facilityId}`} variant="default" size="xs">
            Ask BrokerAI about this facility
          </Button>
          <DefaultCurePanel facility={f} />
        </Group>
        <Text c="gray.7" fz="sm">
          {f.state} · {(f.interest_rate_bps / 100).toFixed(2)} % p.a. · closed {day(f.close_date)} · matures{' '}
          {day(f.maturity_date)} · latest practical completion {day(f.latest_practical_completion_date)}
        </Text>
      </Stack>
      {f.status === 'setting_up' ? (
        <FacilitySetUp facility={f} />
      ) : (
        <>
          {f.status === 'repaid' && <RepaidNotice facilityId={facilityId} />}
          {f.status === 'in_default' && (
            <Alert
              color="red"
              variant="light"
              title="In default"
              c={textOn.red}
              styles={{ title: { color: textOn.red } }}
              data-testid="facility-in-default"
            >
              Interest accrues at {bpsToPercent(applicableRateBps('in_default', f))} p.a., the default margin
              of {bpsToPercent(f.default_margin_bps)} included, until the funder cures the default. Draws do
              not move meanwhile.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Figure label="Limit" value={aud(f.limit_cents)} />
            <Figure label="Drawn" value={aud(f.drawn_cents)} note={percentOf(f.drawn_cents, f.limit_cents)} />
            <Figure label="Headroom" value={aud(f.undrawn_cents)} note="undrawn" />
            <Figure label="Equity received" value={aud(f.equity_received_cents)} />
          </SimpleGrid>
          <InBalancePanel facilityId={facilityId} />
          <DrawnChart
            closeDate={f.close_date}
            budgetCents={budget.data ? (budget.data.approved?.total_cents ?? 0) : undefined}
            draws={draws.data?.items}
          />
          <CostReportTable facilityId={facilityId} />
          <DrawsList
            facilityId={facilityId}
            draws={draws.data?.items}
            budget={budget.data}
            canStartDraft={f.my_role === 'developer' && f.status === 'active'}
          />
          <FacilityLife
            facilityId={facilityId}
            dealId={f.deal_id}
            role={f.my_role}
            open={f.status !== 'repaid'}
          />
          {canAct && <EquityForm facilityId={facilityId} receivedCents={f.equity_received_cents} />}
          <PartiesPanel facilityId={facilityId} canInvite={f.my_role === 'funder' && f.status !== 'repaid'} />
          {f.status !== 'repaid' && (
            <BudgetPanel facilityId={facilityId} canEdit={canAct} canApprove={f.my_role === 'funder'} />
          )}
        </>
      )}
    </Stack>
  );
}
