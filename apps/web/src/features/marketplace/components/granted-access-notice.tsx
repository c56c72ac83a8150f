import { Alert, Anchor, Text } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Above the full project for a funder the developer approved: where the conversation continues. */
export function GrantedAccessNotice() {
  return (
    <Alert
      color="green"
      variant="light"
      c="dark.7"
      title="Access granted"
      icon={<IconLockOpen aria-hidden />}
    >
      <Text fz="sm">
        The developer has shared the full project file with you. Continue the conversation in{' '}
        <Anchor component={Link} to="/messages" c="navy.8" fz="sm">
          Messages
        </Anchor>
        . Deal rooms open soon.
      </Text>
    </Alert>
  );
}
