import { notifications } from '@mantine/notifications';
import { dealMessages } from '@plinth/domain/deals';
import { useEffect } from 'react';

/** 'Load Failed' / 'Failed to load portfolio data' (spec 000 section 8), once each time loading fails. */
export function usePortfolioLoadFailed(hasFailed: boolean) {
  useEffect(() => {
    if (hasFailed)
      notifications.show({
        color: 'red',
        title: dealMessages.portfolioLoadFailedTitle,
        message: dealMessages.portfolioLoadFailed,
      });
  }, [hasFailed]);
}
