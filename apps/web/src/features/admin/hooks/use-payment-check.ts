import { notifications } from '@mantine/notifications';
import { formatAudCents } from '@plinth/domain/format';
import { useCheckStripePayment } from '../api/check-stripe-payment';
import { useSyncStripePayment } from '../api/sync-stripe-payment';

const failureText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong';

/**
 * 'Check Payment' and 'Sync Payment' for a project whose fee is not settled: each asks the card
 * provider and reports what it said (spec 001 section 8: No Successful Payment, Check Failed,
 * Sync Failed). `busyId` is the project whose call is running, for its button's spinner.
 */
export function usePaymentCheck() {
  const check = useCheckStripePayment();
  const sync = useSyncStripePayment();

  const checkPayment = async (projectId: string) => {
    try {
      const result = await check.mutateAsync(projectId);
      if (result.hasPayment) {
        const details = [
          result.amount === null ? null : formatAudCents(result.amount),
          result.paymentStatus,
        ].filter(Boolean);
        notifications.show({
          color: 'green',
          title: 'Payment Found',
          message: details.length ? `${result.message} (${details.join(', ')})` : result.message,
        });
      } else {
        notifications.show({ color: 'yellow', title: 'No Successful Payment', message: result.message });
      }
    } catch (error) {
      notifications.show({ color: 'red', title: 'Check Failed', message: failureText(error) });
    }
  };

  const syncPayment = async (projectId: string) => {
    try {
      const result = await sync.mutateAsync(projectId);
      notifications.show({
        color: result.projectUpdated ? 'green' : 'blue',
        title: result.projectUpdated ? 'Payment Synced' : 'No Change',
        message: result.message,
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Sync Failed', message: failureText(error) });
    }
  };

  return {
    checkPayment,
    syncPayment,
    checkingId: check.isPending ? check.variables : undefined,
    syncingId: sync.isPending ? sync.variables : undefined,
  };
}
