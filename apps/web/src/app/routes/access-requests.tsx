import { Stack, Text, Title } from '@mantine/core';
import { GrantedAccessList } from '../../features/access-requests/components/granted-access-list';
import { PendingAccessRequests } from '../../features/access-requests/components/pending-access-requests';

/** The developer's pending access requests (DESIGN.md section 8); the `access_request` notification leads here. */
export default function AccessRequestsRoute() {
  return (
    <Stack gap="lg">
      <title>Access Requests | Plinth</title>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Access Requests
        </Title>
        <Text c="gray.7">
          Funders asking for the full file of your projects. Approving shares the description, financials,
          documents and a conversation with you.
        </Text>
      </Stack>
      <PendingAccessRequests />
      <GrantedAccessList />
    </Stack>
  );
}
