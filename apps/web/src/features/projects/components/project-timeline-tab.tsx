import { Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { listingLabel } from '@plinth/domain/listing';
import type { ProjectResponse } from '@plinth/domain/projects';
import {
  IconCircleCheck,
  IconClock,
  IconCoin,
  IconCreditCard,
  IconFilePlus,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format';
import { countOrDash, dateOrDash, durationInMonths } from '../utils/figures';
import { DetailFields } from './detail-fields';

const currentStatus: Record<ReturnType<typeof listingLabel>, string> = {
  Draft:
    'Draft: not yet submitted. Upload the required documents and pay the listing fee to send it for review.',
  'Under Review': 'Under admin review: the listing fee is paid and an admin is checking the project.',
  Published: 'Published: the project is live and visible to funders.',
  Rejected: 'Rejected: edit the project and submit it for re-review.',
  Funded: 'Funded: a deal on the project was completed and the listing has left the marketplace.',
};

interface HistoryItem {
  title: string;
  when: string | null;
  detail?: string;
  icon: ReactNode;
}

/** What the project's own fields say about its history, oldest first. */
function historyOf(project: ProjectResponse): HistoryItem[] {
  const items: HistoryItem[] = [
    { title: 'Project created', when: project.created_at, icon: <IconFilePlus aria-hidden size={14} /> },
  ];
  if (project.payment_date)
    items.push({
      title: 'Listing fee paid, submitted for review',
      when: project.payment_date,
      icon: <IconCreditCard aria-hidden size={14} />,
    });
  if (project.rejection_date)
    items.push({
      title: 'Returned by the admin team',
      when: project.rejection_date,
      detail: project.last_rejection_reason ?? undefined,
      icon: <IconX aria-hidden size={14} />,
    });
  const label = listingLabel(project);
  if (label === 'Published' || (label === 'Funded' && project.published_at))
    items.push({
      title: 'Published to funders',
      when: project.published_at,
      icon: <IconCircleCheck aria-hidden size={14} />,
    });
  if (project.funded_at)
    items.push({
      title: 'Funded: deal completed',
      when: project.funded_at,
      icon: <IconCoin aria-hidden size={14} />,
    });
  items.push({ title: 'Last updated', when: project.updated_at, icon: <IconClock aria-hidden size={14} /> });
  return items;
}

export function ProjectTimelineTab({ project }: { project: ProjectResponse }) {
  const months = durationInMonths(project.expected_start_date, project.expected_completion_date);
  const history = historyOf(project);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb="md">
          Milestones
        </Title>
        <DetailFields
          fields={[
            { label: 'Expected start', value: dateOrDash(project.expected_start_date) },
            { label: 'Expected completion', value: dateOrDash(project.expected_completion_date) },
            { label: 'Duration', value: countOrDash(months, months === 1 ? ' month' : ' months') },
          ]}
        />
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb="xs">
          Status history
        </Title>
        <Text mb="md" c="gray.7">
          {currentStatus[listingLabel(project)]}
        </Text>
        <Timeline active={history.length - 1} bulletSize={24} lineWidth={2} color="navy">
          {history.map((item) => (
            <Timeline.Item key={item.title} bullet={item.icon} title={item.title}>
              {item.when && (
                <Text fz="sm" c="gray.7">
                  {formatDateTime(item.when)}
                </Text>
              )}
              {item.detail && <Text fz="sm">Reason: {item.detail}</Text>}
            </Timeline.Item>
          ))}
        </Timeline>
      </Paper>
    </Stack>
  );
}
