import { Alert, Button, Stack } from '@mantine/core';
import { type AccessEnded, accessEndedMessage } from '@plinth/domain/access-ended';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { getReaderTimeZone } from '../../../lib/reader-time-zone';

/**
 * What a funder whose access was revoked or lapsed reads where the project or its room used to be
 * (issue 37 item 1): the title, the date and the reason, nothing more of the project.
 */
export function AccessEndedNotice({ ended }: { ended: AccessEnded }) {
  return (
    <Stack gap="md" align="flex-start">
      <title>{`${ended.lapsed ? 'Access ended' : 'Access revoked'} | Plinth`}</title>
      <Alert
        color="orange"
        variant="light"
        c="dark.7"
        title={ended.lapsed ? 'Access ended' : 'Access revoked'}
        icon={<IconLock aria-hidden />}
        w="100%"
      >
        {accessEndedMessage(ended, getReaderTimeZone())}
      </Alert>
      <Button component={Link} to="/dashboard" variant="default">
        Back to Dashboard
      </Button>
    </Stack>
  );
}
