import { useMediaQuery } from '@mantine/hooks';

/**
 * The spec's mobile layout: 768 px and below (48em, the shell's own breakpoint). Read on the first
 * render so that a phone never flashes the desktop table.
 */
export const useIsMobile = () =>
  useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
