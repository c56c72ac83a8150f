import { Button, type ButtonProps, Group, Stack } from '@mantine/core';
import { canEditListing, listingLabel } from '@plinth/domain/listing';
import type { ProjectResponse } from '@plinth/domain/projects';
import { Link } from 'react-router';
import { DealRoomButton } from './deal-room-button';
import { PublishAction } from './publish-action';

type ListingActionsProps = {
  project: Pick<
    ProjectResponse,
    'id' | 'title' | 'payment_status' | 'visible' | 'funded_at' | 'documents_complete' | 'deal_count'
  >;
  /** In lists the row also links to the project. */
  showView?: boolean;
  /** In lists the row also opens its deal rooms (spec 000 section 2), when it has any. */
  showDealRoom?: boolean;
  /** Stacked full-width buttons, for the mobile cards. */
  stacked?: boolean;
  size?: ButtonProps['size'];
};

/**
 * The developer's actions on one of their listings (spec 000 section 2, Developer project list):
 * Draft: Edit and Pay to Publish; Under Review: a disabled 'Under Admin Review'; Rejected: Edit and
 * Submit for Re-review (the edit wizard with resubmit=true). Published and Funded listings are not
 * editable.
 */
export function ListingActions({
  project,
  showView = false,
  showDealRoom = false,
  stacked = false,
  size = 'xs',
}: ListingActionsProps) {
  const label = listingLabel(project);
  const isEditable = canEditListing(project);

  const buttons = (
    <>
      {showView && (
        <Button
          component={Link}
          to={`/project/${project.id}`}
          variant="default"
          size={size}
          fullWidth={stacked}
        >
          View
        </Button>
      )}
      {showDealRoom && <DealRoomButton project={project} size={size} fullWidth={stacked} />}
      {isEditable && (
        <Button
          component={Link}
          to={`/project/${project.id}/edit`}
          variant="default"
          size={size}
          fullWidth={stacked}
        >
          Edit
        </Button>
      )}
      {label === 'Draft' && (
        <PublishAction project={project} action="Pay to Publish" size={size} fullWidth={stacked} />
      )}
      {label === 'Under Review' && (
        <Button disabled size={size} fullWidth={stacked}>
          Under Admin Review
        </Button>
      )}
      {label === 'Rejected' && (
        <Button
          component={Link}
          to={`/project/${project.id}/edit?resubmit=true`}
          color="navy"
          size={size}
          fullWidth={stacked}
        >
          Submit for Re-review
        </Button>
      )}
    </>
  );

  return stacked ? (
    <Stack gap="xs">{buttons}</Stack>
  ) : (
    <Group gap="xs" align="flex-start">
      {buttons}
    </Group>
  );
}
