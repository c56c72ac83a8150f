import { Alert, Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { isDrawEditable } from '@plinth/domain/facility/draw-machine';
import { Link } from 'react-router';
import { LoadFailedAlert } from '../../../components/load-states';
import { useBudget } from '../api/get-budget';
import { useDraw } from '../api/get-draw';
import { useFacility } from '../api/get-facility';
import { useInBalance } from '../api/get-in-balance';
import { useLiveFacilities } from '../hooks/use-live-facilities';
import { aud, day } from '../utils/money';
import { CertificationForm } from './certification-form';
import { DrawDocumentsList } from './draw-documents-list';
import { DrawLinesTable } from './draw-lines-table';
import { DrawStatusBadge } from './draw-status-badge';
import { DrawThread } from './draw-thread';
import { DrawWorkspace } from './draw-workspace';
import { FunderReview } from './funder-review';
import { InBalancePanel } from './in-balance-panel';
import { SopClockPanel } from './sop-clock-panel';

/**
 * One draw, shaped by who reads it: the developer's workspace while it is theirs to change, the
 * surveyor's certification once submitted, the funder's review (in balance in words, the clock,
 * approve / return / reject / fund) once certified; for everyone the lines, the clock and the thread.
 */
export function DrawView({ drawId }: { drawId: string }) {
  useLiveFacilities();
  const draw = useDraw(drawId);
  const facilityId = draw.data?.facility_id ?? '';
  const facility = useFacility(facilityId);
  const budget = useBudget(facilityId);
  const inBalance = useInBalance(facilityId);

  if (draw.isError)
    return <LoadFailedAlert title="Failed to load the draw">{draw.error.message}</LoadFailedAlert>;
  const d = draw.data;
  const f = facility.data;
  if (!d || !f) return <Skeleton h={400} role="status" aria-label="Loading the draw" />;

  const role = f.my_role;
  const isWorkspace = role === 'developer' && isDrawEditable(d.status);
  return (
    <Stack gap="lg">
      <title>{`Draw ${d.number}, ${f.project_title} | Plinth`}</title>
      <Stack gap={4}>
        <Anchor component={Link} to={`/facilities/${f.id}`} fz="sm">
          {f.project_title} facility
        </Anchor>
        <Group gap="sm">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Draw {d.number}
          </Title>
          <DrawStatusBadge status={d.status} />
        </Group>
        <Text fz="sm" c="gray.7" data-testid="draw-summary">
          Claimed {aud(d.claimed_cents)}
          {d.certified_cents !== null ? ` · certified ${aud(d.certified_cents)}` : ''}
          {d.retention_cents ? ` · retention ${aud(d.retention_cents)}` : ''}
          {d.funded_on ? ` · funded ${day(d.funded_on)}` : ''}
        </Text>
      </Stack>
      {d.decision_reason && (d.status === 'returned' || d.status === 'rejected') && (
        <Alert
          color={d.status === 'rejected' ? 'red' : 'orange'}
          variant="light"
          title={`The funder's reason`}
        >
          {d.decision_reason}
        </Alert>
      )}
      {d.note && !isWorkspace && <Text fz="sm">Note: {d.note}</Text>}
      <SopClockPanel draw={d} state={f.state} />
      {isWorkspace ? (
        budget.data ? (
          <DrawWorkspace key={d.updated_at} facilityId={f.id} draw={d} budget={budget.data} />
        ) : (
          <Skeleton h={300} aria-hidden />
        )
      ) : (
        <Stack gap="xs" component="section" aria-labelledby="lines">
          <Title order={2} fz="lg" id="lines">
            Claimed and certified
          </Title>
          <DrawLinesTable draw={d} />
          <DrawDocumentsList draw={d} />
        </Stack>
      )}
      {role === 'surveyor' && d.status === 'submitted' && (
        <CertificationForm draw={d} inBalance={inBalance.data} />
      )}
      {(role === 'funder' || role === 'developer') && d.status !== 'draft' && (
        <InBalancePanel facilityId={f.id} />
      )}
      {role === 'funder' && <FunderReview draw={d} inBalance={inBalance.data} />}
      <DrawThread drawId={d.id} canWrite={role !== 'admin'} />
    </Stack>
  );
}
