import { Card, SimpleGrid, type SimpleGridProps, Skeleton, Stack } from '@mantine/core';

/** The marketplace's grid: one card a row on a phone, up to four on a wide screen. */
const marketplaceCols = { base: 1, sm: 2, md: 3, xl: 4 };

/**
 * Opportunity cards while they load: grey cards of a real card's height (340 px on a phone) in
 * the same grid, so what is below them (the figures, the footer) does not jump when the cards
 * arrive — with a spinner in their place the marketplace's layout shift was 0.29 on a phone
 * (decision 064). Four fill a phone's screen and one row of the widest grid. Announced as `label`.
 */
export function OpportunityGridSkeleton({
  label = 'Loading projects',
  count = 4,
  cols = marketplaceCols,
}: {
  label?: string;
  count?: number;
  cols?: SimpleGridProps['cols'];
}) {
  return (
    <SimpleGrid cols={cols} spacing="md" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
        <Card key={i} withBorder radius="md" padding="lg" aria-hidden mih={340}>
          <Stack gap="sm">
            <Skeleton height={20} width={110} radius="xl" />
            <Skeleton height={12} width={80} mt="xs" />
            <Skeleton height={30} width="60%" />
            <Skeleton height={18} width="85%" />
            <Skeleton height={14} width="70%" />
            <Skeleton height={36} mt="lg" />
            <Skeleton height={36} />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
