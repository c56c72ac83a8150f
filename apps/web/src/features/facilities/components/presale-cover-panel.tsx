import { Alert, List, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { usePresaleCover } from '../api/presales-api';
import { aud, day } from '../utils/money';
import { coverPercent } from '../utils/presale-form';
import { textOn } from '../utils/text-colors';

const timelineWords = {
  contract_completion: 'Latest practical completion (contract)',
  forecast_completion: 'Forecast practical completion',
  sunset: 'Sunset date',
  bond_expiry: 'Deposit bond expires',
} as const;

/**
 * Presale cover (decision 062): the qualifying total against the limit, each presale left out with
 * every reason in the server's words, the sunset warnings, and the timeline of dates that matter.
 */
export function PresaleCoverPanel({ facilityId }: { facilityId: string }) {
  const { data, isError, error } = usePresaleCover(facilityId);
  return (
    <Stack gap="xs" component="section" aria-labelledby="presale-cover">
      <Title order={3} fz="md" id="presale-cover">
        Presale cover
      </Title>
      {isError ? (
        <Text c={textOn.red}>{error.message}</Text>
      ) : !data ? (
        <Skeleton h={80} aria-hidden />
      ) : (
        <>
          <Text fz="sm" data-testid="presale-cover-figure">
            Cover {coverPercent(data.cover_bps)}: {aud(data.qualifying_total_cents)} of qualifying presales
            (ex GST) against a limit of {aud(data.limit_cents)}. {data.open_presales} open presale
            {data.open_presales === 1 ? '' : 's'}, {aud(data.registered_total_cents)} registered.
          </Text>
          {data.warnings.map((w) => (
            <Alert
              key={w.presale_id}
              color="orange"
              variant="light"
              title={`Sunset warning: lot ${w.lot}`}
              styles={{ title: { color: textOn.orange } }}
              data-testid="sunset-warning"
            >
              <Text fz="sm">{w.message}</Text>
            </Alert>
          ))}
          {data.non_qualifying.length > 0 && (
            <>
              <Text fz="sm" fw={600}>
                Not counted
              </Text>
              <List size="sm" aria-label="Presales not counted">
                {data.non_qualifying.map((p) => (
                  <List.Item key={p.presale_id}>
                    Lot {p.lot} ({p.purchaser_name}, {aud(p.price_ex_gst_cents)}):{' '}
                    {p.reasons.map((r) => r.message).join('; ')}
                  </List.Item>
                ))}
              </List>
            </>
          )}
          <details>
            <summary>
              <Text component="span" fz="sm" fw={600}>
                Timeline: completion, sunsets and bond expiries
              </Text>
            </summary>
            <Table aria-label="Presale timeline" mt="xs">
              <Table.Tbody>
                {data.timeline.map((t) => (
                  <Table.Tr key={`${t.kind}-${t.presale_id ?? ''}-${t.date}`}>
                    <Table.Td>{day(t.date)}</Table.Td>
                    <Table.Td>
                      {timelineWords[t.kind]}
                      {t.lot ? `, lot ${t.lot}` : ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </details>
        </>
      )}
    </Stack>
  );
}
