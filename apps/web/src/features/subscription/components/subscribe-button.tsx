import { Button, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { usePricing } from '../../../lib/pricing';
import { subscribeNowLabel } from '../utils/labels';
import { SubscriptionModal } from './subscription-modal';

/** 'Subscribe Now - $299/month': opens the Funder Subscription modal. */
export function SubscribeButton(props: Pick<ButtonProps, 'variant' | 'color' | 'size' | 'fullWidth'>) {
  const [opened, { open, close }] = useDisclosure(false);
  const pricing = usePricing();
  return (
    <>
      <Button {...props} onClick={open}>
        {subscribeNowLabel(pricing?.subscription_price_aud)}
      </Button>
      <SubscriptionModal opened={opened} onClose={close} />
    </>
  );
}
