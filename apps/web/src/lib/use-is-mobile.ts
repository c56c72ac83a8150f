import { useMediaQuery } from '@mantine/hooks';

/** The spec's mobile layout: 768 px and below (48em, as the shell's own breakpoint). */
export const useIsMobile = () => useMediaQuery('(max-width: 48em)') ?? false;
