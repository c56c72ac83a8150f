import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { canEditListing } from '@plinth/domain/listing';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { UndertakingGate } from '../../components/undertaking/undertaking-gate';
import { useAccessEnded } from '../../features/access-requests/api/get-access-ended';
import { AccessEndedNotice } from '../../features/access-requests/components/access-ended-notice';
import { AnalyseWithBrokerAiButton } from '../../features/broker-ai/components/analyse-button';
import { AccessRequired } from '../../features/marketplace/components/access-required';
import { GrantedAccessNotice } from '../../features/marketplace/components/granted-access-notice';
import { MarketplaceGateNotice } from '../../features/marketplace/components/marketplace-gate-notice';
import { gateOfError } from '../../features/marketplace/utils/marketplace-gate';
import { funderAccessOf, isPreviewView } from '../../features/marketplace/utils/project-view';
import { usePortfolio } from '../../features/portfolio/api/get-portfolio';
import { useProject } from '../../features/projects/api/get-project';
import { DataRoomReportSection } from '../../features/projects/components/data-room-report-section';
import { ProjectDealsSection } from '../../features/projects/components/project-deals-section';
import { ProjectDetailHeader } from '../../features/projects/components/project-detail-header';
import { ProjectDetailTabs } from '../../features/projects/components/project-detail-tabs';
import { QuoteComparison } from '../../features/projects/components/quote-comparison';
import { ApiError } from '../../lib/api-client';
import { useMe } from '../../lib/get-me';

export default function ProjectDetailRoute() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const { data: me } = useMe();
  const query = useProject(id);
  const isFunder = me?.role === 'funder';
  // The funder's deal on this project (its room), read from their portfolio once access is granted.
  const hasFullView = !!query.data && !isPreviewView(query.data);
  const portfolio = usePortfolio({ enabled: isFunder && hasFullView });
  // A funder told 'not found' may be one whose access was revoked or lapsed (issue 37 item 1).
  const isGone = query.error instanceof ApiError && query.error.status === 404;
  const ended = useAccessEnded({ projectId: id }, { enabled: isFunder && isGone });

  if (query.isPending || (isFunder && isGone && ended.isPending))
    return (
      <Center mih="40vh">
        <Loader role="status" aria-label="Loading project" />
      </Center>
    );

  if (query.isError && ended.data) return <AccessEndedNotice ended={ended.data} />;
  if (query.isError) {
    // A funder whose approval or subscription lapsed is refused by the marketplace gate.
    const gate = isFunder ? gateOfError(query.error) : null;
    if (gate)
      return (
        <Stack gap="md">
          <title>Project | Plinth</title>
          <MarketplaceGateNotice gate={gate} />
        </Stack>
      );
    // A malformed id is refused with 400 and the same words as an unknown one.
    const isNotFound =
      (query.error instanceof ApiError && query.error.status === 404) ||
      query.error.message === 'Project not found';
    const message = isNotFound ? 'Project not found' : query.error.message || 'Failed to load project';
    return (
      <Stack gap="md" align="flex-start">
        <title>Project | Plinth</title>
        <Alert
          color="red"
          variant="light"
          c="red.9"
          title={isNotFound ? 'Project not found' : 'Failed to load project'}
          icon={<IconAlertCircle aria-hidden />}
          w="100%"
        >
          {isNotFound ? 'It may have been removed, or the link is wrong.' : message}
        </Alert>
        <Button
          component={Link}
          to={me?.role === 'borrower' ? '/my-projects' : '/dashboard'}
          variant="default"
        >
          {me?.role === 'borrower' ? 'Back to My Projects' : 'Back to Dashboard'}
        </Button>
      </Stack>
    );
  }

  const project = query.data;
  // A funder without granted access gets the preview fields only: 'Access Required' (spec 000 section 2).
  if (isPreviewView(project))
    return (
      <>
        <title>Access Required | Plinth</title>
        <AccessRequired preview={project} />
      </>
    );

  const isOwner = me?.id === project.borrower_id;
  const isAdmin = me?.role === 'admin';
  const ownRequestId = isFunder ? funderAccessOf(project).accessRequestId : null;
  const back = isOwner
    ? { label: 'My Projects', to: '/my-projects' }
    : isAdmin
      ? { label: 'Admin Dashboard', to: '/admin' }
      : isFunder
        ? { label: 'Marketplace', to: '/projects' }
        : { label: 'Dashboard', to: '/dashboard' };

  return (
    <Stack gap="xl">
      <title>{`${project.title} | Plinth`}</title>
      <ProjectDetailHeader
        project={project}
        back={back}
        isOwner={isOwner}
        showReturnToAdmin={isAdmin && searchParams.get('admin_review') === 'true'}
        actions={<AnalyseWithBrokerAiButton projectId={project.id} />}
      />
      {isFunder && (
        <GrantedAccessNotice
          projectId={project.id}
          {...funderAccessOf(project)}
          accessUntil={
            'access_until' in project && typeof project.access_until === 'string'
              ? project.access_until
              : null
          }
          dealId={portfolio.data?.items.find((item) => item.project_id === project.id)?.deal_id ?? null}
        />
      )}
      {/* Access granted before undertakings existed: signed before the first document (decision 033). */}
      {isFunder && ownRequestId && <UndertakingGate accessRequestId={ownRequestId} />}
      {/* The developer's deals and their quotes side by side, once the listing can have any. */}
      {isOwner && (project.payment_status === 'paid' || project.deal_count > 0) && (
        <Stack gap="xl">
          <ProjectDealsSection projectId={project.id} />
          <QuoteComparison projectId={project.id} />
          <DataRoomReportSection projectId={project.id} projectTitle={project.title} />
        </Stack>
      )}
      <ProjectDetailTabs project={project} canManageDocuments={isOwner && canEditListing(project)} />
    </Stack>
  );
}
