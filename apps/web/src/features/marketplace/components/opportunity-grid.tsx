import { Button, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { marketplaceMessages, type ProjectPreview } from '@plinth/domain/marketplace';
import { IconSearchOff } from '@tabler/icons-react';
import { PagePagination } from '../../../components/page-pagination';
import { OpportunityCard } from './opportunity-card';

/** Mantine's VisuallyHidden, on an element that is not a span. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

interface OpportunityGridProps {
  items: readonly ProjectPreview[];
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  hasFilters: boolean;
  onClearFilters: () => void;
}

/** The marketplace's cards with pagination, or the empty state. */
export function OpportunityGrid({
  items,
  page,
  pageCount,
  onPageChange,
  hasFilters,
  onClearFilters,
}: OpportunityGridProps) {
  if (items.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon variant="light" color="gray" size={48} radius="xl">
            <IconSearchOff aria-hidden size={26} />
          </ThemeIcon>
          <Title order={2} fz="lg">
            {marketplaceMessages.empty}
          </Title>
          <Text c="gray.7" fz="sm" maw={420}>
            {hasFilters
              ? 'Try a wider loan range, another state or fewer filters.'
              : 'New projects appear here as soon as an admin approves them.'}
          </Text>
          {hasFilters && (
            <Button variant="default" onClick={onClearFilters}>
              Clear filters
            </Button>
          )}
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="lg">
      {/* The cards' titles are h3 (as under the dashboard's 'Recommended for You'); on the
          marketplace the level between them and the page's h1 is this one, for screen readers. */}
      <Title order={2} style={visuallyHidden}>
        Projects
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, xl: 4 }} spacing="md">
        {items.map((item) => (
          <OpportunityCard key={item.id} preview={item} />
        ))}
      </SimpleGrid>
      <PagePagination page={page} pageCount={pageCount} onChange={onPageChange} siblings={1} />
    </Stack>
  );
}
