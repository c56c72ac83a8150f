import { Button, NumberInput, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { australianStates, developmentStages, propertyTypes } from '@plinth/domain/projects';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useDebouncedField } from '../hooks/use-debounced-field';
import type { FilterKey, MarketplaceFilters } from '../hooks/use-marketplace-params';

interface MarketplaceFiltersProps {
  filters: MarketplaceFilters;
  loanRangeError: string | null;
  onChange: <K extends FilterKey>(key: K, value: MarketplaceFilters[K] | undefined) => void;
  onClear: () => void;
  hasFilters: boolean;
}

/** Property type, state, stage, loan range and text (title and suburb): the server filters. */
export function MarketplaceFiltersPanel({
  filters,
  loanRangeError,
  onChange,
  onClear,
  hasFilters,
}: MarketplaceFiltersProps) {
  const [search, setSearch] = useDebouncedField(filters.q ?? '', (value) =>
    onChange('q', value.trim() || undefined),
  );
  const [minLoan, setMinLoan] = useDebouncedField(filters.min_loan, (value) => onChange('min_loan', value));
  const [maxLoan, setMaxLoan] = useDebouncedField(filters.max_loan, (value) => onChange('max_loan', value));

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Filters">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          label="Search"
          placeholder="Title or suburb"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={100}
          leftSection={<IconSearch aria-hidden size={16} />}
        />
        <Select
          label="Property type"
          placeholder="All types"
          data={propertyTypes}
          value={filters.property_type ?? null}
          onChange={(value) => onChange('property_type', toOption(propertyTypes, value))}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear property type' }}
          allowDeselect
        />
        <Select
          label="State"
          placeholder="All states"
          data={australianStates}
          value={filters.state ?? null}
          onChange={(value) => onChange('state', toOption(australianStates, value))}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear state' }}
        />
        <Select
          label="Development stage"
          placeholder="All stages"
          data={developmentStages}
          value={filters.development_stage ?? null}
          onChange={(value) => onChange('development_stage', toOption(developmentStages, value))}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear development stage' }}
        />
        <NumberInput
          label="Minimum loan"
          placeholder="No minimum"
          prefix="$"
          thousandSeparator=","
          allowNegative={false}
          allowDecimal={false}
          min={0}
          value={minLoan ?? ''}
          onChange={(value) => setMinLoan(toAmount(value))}
          error={loanRangeError}
          hideControls
        />
        <NumberInput
          label="Maximum loan"
          placeholder="No maximum"
          prefix="$"
          thousandSeparator=","
          allowNegative={false}
          allowDecimal={false}
          min={0}
          value={maxLoan ?? ''}
          onChange={(value) => setMaxLoan(toAmount(value))}
          error={loanRangeError ? true : undefined}
          hideControls
        />
      </SimpleGrid>
      {hasFilters && (
        <Button
          variant="subtle"
          size="xs"
          mt="sm"
          leftSection={<IconX aria-hidden size={14} />}
          onClick={onClear}
        >
          Clear filters
        </Button>
      )}
    </Paper>
  );
}

function toOption<T extends string>(options: readonly T[], value: string | null): T | undefined {
  return options.find((option) => option === value);
}

/** A whole-dollar amount, or undefined when the field is empty. */
function toAmount(value: string | number): number | undefined {
  if (value === '' || value === undefined) return undefined;
  const amount = typeof value === 'number' ? value : Number(String(value).replace(/[^0-9]/g, ''));
  return Number.isFinite(amount) && amount >= 0 ? Math.floor(amount) : undefined;
}
