import { Center, Loader } from '@mantine/core';

/** The guard's spinner while the session loads. */
export function PageLoader() {
  return (
    <Center mih="60vh">
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}
