import { SUBSCRIPTION_FEE_AUD } from '@plinth/domain/constants';
import { formatAud } from '@plinth/domain/format';

/** '$299/month', as spec 001 section 2.4 writes the price. */
export const monthlyPrice = `${formatAud(SUBSCRIPTION_FEE_AUD)}/month`;

export const subscribeNowLabel = `Subscribe Now - ${monthlyPrice}`;
export const startSubscriptionLabel = `Start Subscription - ${monthlyPrice}`;
