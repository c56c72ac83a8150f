import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { marketplaceSorts } from '@plinth/domain/marketplace';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { LoadFailedAlert } from '../../components/load-states';
import { useMarketplace } from '../../features/marketplace/api/list-marketplace';
import { MarketplaceFiltersPanel } from '../../features/marketplace/components/marketplace-filters';
import { MarketplaceGateNotice } from '../../features/marketplace/components/marketplace-gate-notice';
import { MarketplaceStats } from '../../features/marketplace/components/marketplace-stats';
import { MobileFilters } from '../../features/marketplace/components/mobile-filters';
import { OpportunityGrid } from '../../features/marketplace/components/opportunity-grid';
import { OpportunityGridSkeleton } from '../../features/marketplace/components/opportunity-grid-skeleton';
import { SavedSearches } from '../../features/marketplace/components/saved-searches';
import { useExportResults } from '../../features/marketplace/hooks/use-export-results';
import {
  activeFilterCount,
  hasAnyFilter,
  useMarketplaceParams,
} from '../../features/marketplace/hooks/use-marketplace-params';
import { gateOfAccount, gateOfError } from '../../features/marketplace/utils/marketplace-gate';
import { sortLabels } from '../../features/marketplace/utils/marketplace-labels';
import { useMe } from '../../lib/get-me';
import { useIsMobile } from '../../lib/use-is-mobile';

const sortOptions = marketplaceSorts.map((value) => ({ value, label: sortLabels[value] }));

export default function MarketplaceRoute() {
  // The shell's guard renders this page only for a signed-in funder.
  const { data: me } = useMe();
  const accountGate = me ? gateOfAccount(me) : null;
  return (
    <Stack gap="lg">
      <title>Marketplace | Plinth</title>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Marketplace
        </Title>
        <Text c="gray.7">Vetted Australian development projects looking for finance.</Text>
      </Stack>
      {accountGate ? <MarketplaceGateNotice gate={accountGate} /> : <Marketplace />}
    </Stack>
  );
}

function Marketplace() {
  const { params, filters, sort, page, loanRangeError, setFilter, setSort, setPage, applyFilters } =
    useMarketplaceParams();
  const query = useMarketplace(params, { enabled: loanRangeError === null });
  const { exportResults, isExporting } = useExportResults(params);
  const hasFilters = hasAnyFilter(filters);
  const isMobile = useIsMobile();
  const clearFilters = () => applyFilters({}, sort);
  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  // A page past the end (an old link, or the last card of the last page taken): go to the last page.
  const isPastLastPage = !!data && data.items.length === 0 && data.total > 0 && page > pageCount;
  useEffect(() => {
    if (isPastLastPage) setPage(pageCount);
  }, [isPastLastPage, pageCount, setPage]);

  // The server's gate decides when the account read is out of date (approval or subscription changed).
  const serverGate = query.isError ? gateOfError(query.error) : null;
  if (serverGate) return <MarketplaceGateNotice gate={serverGate} />;

  let results: ReactNode;
  if (loanRangeError) {
    results = (
      <Alert color="yellow" variant="light" c="dark.7" icon={<IconAlertCircle aria-hidden />}>
        {loanRangeError}
      </Alert>
    );
  } else if (query.isPending) {
    // Card-sized placeholders: the grid keeps its place while it loads (issue 36 item 5, decision 064).
    results = <OpportunityGridSkeleton />;
  } else if (query.isError) {
    results = <LoadFailedAlert title="Failed to load projects">{query.error.message}</LoadFailedAlert>;
  } else {
    results = (
      <OpportunityGrid
        items={data!.items}
        page={page}
        pageCount={pageCount}
        onPageChange={setPage}
        hasFilters={hasFilters}
        onClearFilters={clearFilters}
      />
    );
  }

  const stats = <MarketplaceStats stats={loanRangeError ? undefined : data?.stats} />;
  const filtersPanel = (
    <MarketplaceFiltersPanel
      filters={filters}
      loanRangeError={loanRangeError}
      onChange={setFilter}
      onClear={clearFilters}
      hasFilters={hasFilters}
    />
  );

  // On a phone the results come first: filters behind a button, the figures after the results.
  return (
    <Stack gap="lg">
      {!isMobile && stats}
      {isMobile ? (
        <MobileFilters activeCount={activeFilterCount(filters)}>{filtersPanel}</MobileFilters>
      ) : (
        filtersPanel
      )}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label="Sort by"
          data={sortOptions}
          value={sort}
          onChange={(value) => {
            const next = marketplaceSorts.find((s) => s === value);
            if (next) setSort(next);
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 240 }}
        />
        <Group gap="xs" wrap="wrap">
          <SavedSearches
            current={{ ...filters, sort }}
            onApply={(saved) => applyFilters(saved, saved.sort)}
          />
          <Button
            variant="default"
            leftSection={<IconDownload aria-hidden size={18} />}
            onClick={exportResults}
            loading={isExporting}
            disabled={!data || data.total === 0 || loanRangeError !== null}
          >
            Export Results
          </Button>
        </Group>
      </Group>
      <Text c="gray.7" fz="sm" aria-live="polite" mih="1.55em">
        {data && !loanRangeError
          ? `${data.total.toLocaleString('en-AU')} ${data.total === 1 ? 'project' : 'projects'} found`
          : ''}
      </Text>
      <div aria-busy={query.isFetching}>{results}</div>
      {isMobile && stats}
    </Stack>
  );
}
