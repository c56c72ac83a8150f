import * as domain from '@plinth/domain/format';
import { getReaderTimeZone } from './reader-time-zone';

/**
 * The domain's formatters with the reader's time zone filled in (decision 074): a date on screen is
 * the day on the person's profile, whatever zone the browser runs in. Pass a zone to override.
 */
export {
  DEFAULT_TIME_ZONE,
  errorTextFrom,
  formatAud,
  formatAudCents,
  formatMultiple,
  formatRate,
} from '@plinth/domain/format';

export const formatDate = (value: string | Date, timeZone: string = getReaderTimeZone()) =>
  domain.formatDate(value, timeZone);
export const formatDateTime = (value: string | Date, timeZone: string = getReaderTimeZone()) =>
  domain.formatDateTime(value, timeZone);
export const calendarDay = (at: Date = new Date(), timeZone: string = getReaderTimeZone()) =>
  domain.calendarDay(at, timeZone);
