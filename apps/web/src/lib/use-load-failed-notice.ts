import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';

/** One 'Load Failed' notice each time an admin query starts failing (spec 001 section 8). */
export function useLoadFailedNotice(hasFailed: boolean) {
  useEffect(() => {
    if (hasFailed)
      notifications.show({ color: 'red', title: 'Load Failed', message: 'Failed to fetch admin data' });
  }, [hasFailed]);
}
