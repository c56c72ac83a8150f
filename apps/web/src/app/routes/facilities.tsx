import { Stack, Text, Title } from '@mantine/core';
import { FacilitiesPortfolio } from '../../features/facilities/components/facilities-portfolio';

/** /facilities: the funder's portfolio of facilities; a developer's or surveyor's own (issue 33). */
export default function FacilitiesRoute() {
  return (
    <Stack gap="lg">
      <title>Facilities | Plinth</title>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Facilities
        </Title>
        <Text c="gray.7">
          Loans after the close: how much is drawn, the headroom left, whether each loan is in balance and the
          next Security of Payment deadline.
        </Text>
      </Stack>
      <FacilitiesPortfolio />
    </Stack>
  );
}
