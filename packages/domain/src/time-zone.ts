import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from './format';

/**
 * The reader's time zone (issue 37 item 13, decision 074): an IANA name from the runtime's own list
 * (`Intl.supportedValuesOf('timeZone')`), or 'UTC', which that list leaves out though every
 * runtime formats in it. Australia/Sydney for everyone who has not chosen one.
 */
export { DEFAULT_TIME_ZONE };
export const TIME_ZONE_MAX_LENGTH = 64;

let known: Set<string> | undefined;
const knownZones = () => {
  known ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return known;
};

/** Whether a name is a time zone this runtime knows (case as listed: 'Australia/Sydney'). */
export const isTimeZone = (name: string) => knownZones().has(name);

/** The zones a person may choose, by name ('UTC' among them). */
export const timeZoneNames = (): string[] => [...knownZones()].sort((a, b) => a.localeCompare(b));

export const timeZoneMessages = {
  invalid: 'Choose a time zone from the list, such as Australia/Sydney',
} as const;

/** A time zone in a request body: trimmed, one of `timeZoneNames()`, else 400 with the message. */
export const timeZoneSchema = z
  .string(timeZoneMessages.invalid)
  .trim()
  .max(TIME_ZONE_MAX_LENGTH, timeZoneMessages.invalid)
  .refine(isTimeZone, timeZoneMessages.invalid);

/** The zone a stored or sent value names, Sydney when it names none this runtime knows. */
export const readerTimeZoneOf = (name: string | null | undefined) =>
  name && isTimeZone(name) ? name : DEFAULT_TIME_ZONE;
