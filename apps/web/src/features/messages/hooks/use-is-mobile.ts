import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@plinth/domain/constants';

/** The spec's mobile layout (768 px and below): the list or the chat, not both. Read on the first render. */
export const useIsMobile = () =>
  useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`, undefined, { getInitialValueInEffect: false });
