/** Business constants of spec 000 section 9 and spec 001 section 9. Money in whole AUD unless named `Cents`. */
export const LISTING_FEE_AUD = 499;
export const LISTING_FEE_CENTS = LISTING_FEE_AUD * 100;
export const SUBSCRIPTION_FEE_AUD = 299;
export const SUBSCRIPTION_FEE_CENTS = SUBSCRIPTION_FEE_AUD * 100;
export const SUBSCRIPTION_PLAN_NAME = 'Professional Funder';
export const CURRENCY = 'AUD';

export const MIN_LOAN_AMOUNT = 100_000;
export const MAX_INTEREST_RATE = 50;
export const MIN_LOAN_TERM_MONTHS = 1;
export const MAX_LOAN_TERM_MONTHS = 120;
export const MIN_EQUITY_SHARE = 0.1;
export const MAX_LOAN_PLUS_EQUITY_SHARE = 1.1;

export const PROJECT_FILE_MAX_MB = 50;
export const DEAL_FILE_MAX_MB = 10;
export const BIO_MAX_LENGTH = 500;
export const ABN_INPUT_MAX_LENGTH = 14;
export const MESSAGE_MAX_LENGTH = 1000;
export const NOTIFICATION_DROPDOWN_SIZE = 10;
export const RECOMMENDED_LIMIT = 3;
export const QUOTE_VALIDITY_DAYS = 14;
export const MOBILE_BREAKPOINT_PX = 768;
export const OVERRIDE_HISTORY_SHOWN = 10;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
