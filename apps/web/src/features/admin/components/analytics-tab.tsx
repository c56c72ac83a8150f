import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type AnalyticsResponse,
  analyticsListingStateLabels,
  analyticsListingStates,
  funnelStepLabels,
} from '@plinth/domain/admin-console';
import { formatAud } from '@plinth/domain/format';
import { LoadFailedAlert, LoadingBlock } from '../../../components/load-states';
import { useAnalytics } from '../api/get-analytics';

const stateColors = ['gray.6', 'yellow.6', 'green.7', 'red.7', 'blue.6', 'grape.7'] as const;

const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('en-AU', { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

const hours = (value: number | null) =>
  value === null ? '—' : value >= 48 ? `${(value / 24).toFixed(1)} days` : `${value.toFixed(1)} hours`;

/** The Analytics tab: figures computed by the server's SQL, drawn with @mantine/charts. */
export function AnalyticsTab() {
  const { data, isLoading, isError } = useAnalytics();
  return (
    <Stack gap="lg">
      <Title order={2} fz="lg">
        Analytics
      </Title>
      {isLoading ? (
        <LoadingBlock compact label="Loading analytics" />
      ) : isError || !data ? (
        <LoadFailedAlert title="Load Failed">Failed to fetch admin data</LoadFailedAlert>
      ) : (
        <AnalyticsCharts data={data} />
      )}
    </Stack>
  );
}

function ChartCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <div>
          <Title order={3} fz="md">
            {title}
          </Title>
          <Text fz="sm" c="gray.7">
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

function AnalyticsCharts({ data }: { data: AnalyticsResponse }) {
  const listings = data.listings_by_month.map((m) => ({ ...m, month: monthLabel(m.month) }));
  const revenue = data.revenue_by_month.map((m) => ({
    month: monthLabel(m.month),
    'Listing fees': m.listing,
    Subscriptions: m.subscription,
  }));
  const funnel = data.funnel.map((f) => ({ step: funnelStepLabels[f.step], count: f.count }));
  const publication = data.payment_to_publication;
  return (
    <Stack gap="lg">
      <ChartCard
        title="Listings by month"
        description="Listings created each month, by the state each is in today."
      >
        <BarChart
          h={280}
          data={listings}
          dataKey="month"
          type="stacked"
          withLegend
          series={analyticsListingStates.map((state, i) => ({
            name: state,
            label: analyticsListingStateLabels[state],
            color: stateColors[i]!,
          }))}
        />
      </ChartCard>
      <ChartCard
        title="Revenue by month"
        description="Completed listing fees and subscription payments, in AUD."
      >
        <BarChart
          h={280}
          data={revenue}
          dataKey="month"
          withLegend
          valueFormatter={(v) => formatAud(v)}
          series={[
            { name: 'Listing fees', color: 'blue.7' },
            { name: 'Subscriptions', color: 'teal.7' },
          ]}
        />
      </ChartCard>
      <ChartCard
        title="Funnel"
        description="People who signed up and finished onboarding; then listings listed, paid, published, asked about, in a deal and funded."
      >
        <BarChart
          h={320}
          data={funnel}
          dataKey="step"
          orientation="vertical"
          yAxisProps={{ width: 130 }}
          series={[{ name: 'count', label: 'Count', color: 'indigo.7' }]}
        />
        <Group gap="md" wrap="wrap" aria-label="Funnel figures">
          {data.funnel.map((f) => (
            <Text key={f.step} fz="sm">
              {funnelStepLabels[f.step]}: <strong>{f.count}</strong>
            </Text>
          ))}
        </Group>
      </ChartCard>
      <ChartCard
        title="Time from payment to publication"
        description="From a listing's first completed payment to its publication."
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Stat label="Listings measured" value={String(publication.listings)} />
          <Stat label="Median" value={hours(publication.median_hours)} />
          <Stat label="Average" value={hours(publication.average_hours)} />
        </SimpleGrid>
      </ChartCard>
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text fz="sm" c="gray.7">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </div>
  );
}
