import { Button, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { subscribeNowLabel } from '../utils/labels';
import { SubscriptionModal } from './subscription-modal';

/** 'Subscribe Now - $299/month': opens the Funder Subscription modal. */
export function SubscribeButton(props: Pick<ButtonProps, 'variant' | 'color' | 'size' | 'fullWidth'>) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button {...props} onClick={open}>
        {subscribeNowLabel}
      </Button>
      <SubscriptionModal opened={opened} onClose={close} />
    </>
  );
}
