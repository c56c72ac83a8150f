import { formatAud } from '@plinth/domain/format';

/** '$299/month', as spec 001 section 2.4 writes the price; the price is the admin's setting (decision 021). */
export const monthlyPrice = (priceAud: number) => `${formatAud(priceAud)}/month`;

/** 'Subscribe Now - $299/month'; just 'Subscribe Now' while the price loads. */
export const subscribeNowLabel = (priceAud: number | undefined) =>
  priceAud === undefined ? 'Subscribe Now' : `Subscribe Now - ${monthlyPrice(priceAud)}`;

export const startSubscriptionLabel = (priceAud: number) => `Start Subscription - ${monthlyPrice(priceAud)}`;
