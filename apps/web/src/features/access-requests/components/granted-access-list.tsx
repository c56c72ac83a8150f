import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { AccessRequest } from '@plinth/domain/access';
import { canRevokeAccess, formatAccessLastDay } from '@plinth/domain/access-revocation';
import { LoadFailedAlert, LoadingBlock } from '../../../components/load-states';
import { RevokeAccessButton } from '../../../components/revoke-access/revoke-access-button';
import { formatDate } from '../../../lib/format';
import { useAccessRequests } from '../api/list-access-requests';

// The API's largest page: a developer's granted and revoked requests fit in it.
const LIMIT = 100;

const stageLabels: Record<string, string> = {
  approved: 'Approved',
  due_diligence: 'Due Diligence',
  term_sheet: 'Term Sheet',
  revoked: 'Access revoked',
};

/**
 * Issue 19 item 5: the funders who hold access to the developer's projects (granted, not yet funded),
 * each with 'Revoke access', and those whose access was revoked or lapsed, with the reason.
 */
export function GrantedAccessList() {
  const query = useAccessRequests({ limit: LIMIT });
  if (query.isPending) return <LoadingBlock label="Loading granted access" />;
  if (query.isError)
    return <LoadFailedAlert title="Failed to load granted access">{query.error.message}</LoadFailedAlert>;
  const items = query.data.items.filter((r) => canRevokeAccess(r.status) || r.status === 'revoked');
  if (items.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="granted-access-heading">
      <Title order={2} fz="lg" id="granted-access-heading">
        Granted access
      </Title>
      {items.map((request) => (
        <GrantedAccessRow key={request.id} request={request} />
      ))}
    </Stack>
  );
}

function GrantedAccessRow({ request }: { request: AccessRequest }) {
  const isRevoked = request.status === 'revoked';
  const title = request.project_title ?? 'your project';
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="md"
      aria-label={`${request.funder_name}: ${title}`}
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{request.funder_name}</Text>
            <Badge color={isRevoked ? 'red' : 'green'} c={isRevoked ? '#a51d1d' : '#1e6b30'} variant="light">
              {stageLabels[request.status] ?? request.status}
            </Badge>
          </Group>
          <Text fz="sm" c="dark.7">
            {title}
          </Text>
          {isRevoked ? (
            <Text fz="sm" c="gray.7">
              Revoked {request.revoked_at ? formatDate(request.revoked_at) : ''}. Reason:{' '}
              {request.revoke_reason}
            </Text>
          ) : (
            <Text fz="sm" c="gray.7">
              {request.access_until
                ? `Access until ${formatAccessLastDay(request.access_until)}`
                : 'Access without an end date'}
            </Text>
          )}
        </Stack>
        {!isRevoked && (
          <RevokeAccessButton
            accessRequestId={request.id}
            funderName={request.funder_name}
            projectTitle={title}
          />
        )}
      </Group>
    </Card>
  );
}
