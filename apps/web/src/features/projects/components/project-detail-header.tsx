import { Alert, Anchor, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { listingLabel } from '@plinth/domain/listing';
import type { ProjectResponse } from '@plinth/domain/projects';
import { IconAlertCircle, IconArrowLeft, IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatAud, formatDate } from '../../../lib/format';
import { placeOf } from '../utils/figures';
import { ListingActions } from './listing-actions';
import { ListingStatusBadge } from './listing-status-badge';

interface ProjectDetailHeaderProps {
  project: ProjectResponse;
  /** Where the breadcrumb leads back to: My Projects for the owner. */
  back: { label: string; to: string };
  isOwner: boolean;
  /** An admin who came from the review queue (?admin_review=true). */
  showReturnToAdmin: boolean;
  /** More of the page's actions beside the title (the route's 'Analyse with BrokerAI'). */
  actions?: ReactNode;
}

export function ProjectDetailHeader({
  project,
  back,
  isOwner,
  showReturnToAdmin,
  actions,
}: ProjectDetailHeaderProps) {
  const navigate = useNavigate();
  const isRejected = project.submission_status === 'rejected' && listingLabel(project) !== 'Under Review';

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <nav aria-label="Breadcrumb">
          <Breadcrumbs separator="›">
            <Anchor component={Link} to={back.to} c="navy.8">
              {back.label}
            </Anchor>
            <Text aria-current="page" c="gray.7" lineClamp={1}>
              {project.title}
            </Text>
          </Breadcrumbs>
        </nav>
        {showReturnToAdmin && (
          <Button
            onClick={() => navigate('/admin')}
            variant="light"
            c="navy.9"
            leftSection={<IconArrowLeft aria-hidden size={16} />}
          >
            Return to Admin Panel
          </Button>
        )}
      </Group>

      <Group justify="space-between" align="flex-start" gap="lg">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="sm" align="center">
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ wordBreak: 'break-word' }}>
              {project.title}
            </Title>
            <ListingStatusBadge listing={project} size="lg" />
          </Group>
          <Group gap="lg" c="gray.7">
            <Text fz="xl" fw={700} c="navy.9">
              {formatAud(project.loan_amount)}
            </Text>
            <Group gap={6} wrap="nowrap">
              <IconMapPin aria-hidden size={16} />
              <Text>{placeOf(project)}</Text>
            </Group>
            <Text fz="sm">Created {formatDate(project.created_at)}</Text>
          </Group>
        </Stack>
        <Group gap="sm" align="flex-start">
          {actions}
          {isOwner && <ListingActions project={project} size="sm" />}
        </Group>
      </Group>

      {isOwner && isRejected && project.last_rejection_reason && (
        <Alert
          color="red"
          variant="light"
          c="red.9"
          title="Your project was not approved"
          icon={<IconAlertCircle aria-hidden />}
        >
          <Text fz="sm" c="dark.7">
            Reason: {project.last_rejection_reason}
          </Text>
          <Text fz="sm" c="dark.7" mt={4}>
            {listingLabel(project) === 'Rejected'
              ? 'Edit the project and submit it for re-review; the listing fee is already paid.'
              : 'Edit the project and pay the listing fee again to send it for review.'}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
