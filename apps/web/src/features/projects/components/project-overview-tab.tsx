import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import type { RiskRating } from '@plinth/domain/finance';
import type { ProjectResponse } from '@plinth/domain/projects';
import { useMe } from '../../../lib/get-me';
import { countOrDash, NOT_SET } from '../utils/figures';
import { DetailFields } from './detail-fields';
import { FunderMatchesCard } from './funder-matches-card';
import { badgeColours } from './listing-status-badge';

const riskTone = { low: 'success', medium: 'warning', high: 'error' } as const;
const riskWord = (rating: RiskRating) => rating.charAt(0).toUpperCase() + rating.slice(1);

function RiskBadge({ rating }: { rating: RiskRating }) {
  const colours = badgeColours[riskTone[rating]];
  return (
    <Badge variant="light" color={colours.color} c={colours.text} tt="none">
      {riskWord(rating)}
    </Badge>
  );
}

export function ProjectOverviewTab({ project }: { project: ProjectResponse }) {
  // `location` is the full street address as entered; the locality is shown beside it.
  const locality = [project.suburb, project.state, project.postcode].filter(Boolean).join(' ');
  // Its developer sees how many funders lend on projects like it (decision 041).
  const { data: me } = useMe();
  const isOwner = me?.id === project.borrower_id;

  return (
    <Stack gap="lg">
      {isOwner && <FunderMatchesCard projectId={project.id} />}

      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb="sm">
          Description
        </Title>
        <Text style={{ whiteSpace: 'pre-line' }} c={project.description ? undefined : 'gray.7'}>
          {project.description || 'No description yet.'}
        </Text>
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb="md">
          Project details
        </Title>
        <DetailFields
          fields={[
            { label: 'Location', value: project.location || NOT_SET },
            { label: 'Suburb', value: locality || NOT_SET },
            { label: 'Property type', value: project.property_type },
            { label: 'Development stage', value: project.development_stage },
            { label: 'Project size', value: countOrDash(project.project_size_sqm, ' sqm') },
            { label: 'Units', value: countOrDash(project.number_of_units) },
            { label: 'Levels', value: countOrDash(project.number_of_levels) },
            { label: 'Car spaces', value: countOrDash(project.car_spaces) },
            { label: 'Zoning', value: project.zoning || NOT_SET },
            { label: 'Planning permit status', value: project.planning_permit_status },
          ]}
        />
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb="md">
          Risk assessment
        </Title>
        <DetailFields
          cols={2}
          fields={[
            { label: 'Market risk', value: <RiskBadge rating={project.market_risk_rating} /> },
            { label: 'Construction risk', value: <RiskBadge rating={project.construction_risk_rating} /> },
            { label: 'Location risk', value: <RiskBadge rating={project.location_risk_rating} /> },
            { label: 'Overall risk profile', value: <RiskBadge rating={project.risk_profile} /> },
          ]}
        />
      </Paper>
    </Stack>
  );
}
