import { Alert, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useInBalance } from '../api/get-in-balance';
import { aud, day } from '../utils/money';
import { textOn } from '../utils/text-colors';

const basisWords = {
  budget_left: 'budget left',
  cost_to_complete: "surveyor's cost to complete",
  forecast: 'forecast to',
  held: 'held until practical completion',
} as const;

/**
 * The in-balance test in words: what is available (undrawn limit and equity in hand) against what
 * finishing the project still needs, line by line, and the equity needed first when it falls short.
 * The figures are the server's (the domain's rules); this only puts them into sentences.
 */
export function InBalancePanel({
  facilityId,
  headingOrder = 2,
}: {
  facilityId: string;
  headingOrder?: 2 | 3;
}) {
  const { data, isError, error } = useInBalance(facilityId);
  return (
    <Stack gap="xs" component="section" aria-labelledby={`in-balance-${facilityId}`}>
      <Title order={headingOrder} fz="lg" id={`in-balance-${facilityId}`}>
        In balance
      </Title>
      {isError ? (
        <Text c={textOn.red}>{error.message}</Text>
      ) : !data ? (
        // The panel's height is held while it loads (no layout shift).
        <Skeleton h={150} aria-hidden />
      ) : (
        <>
          <Alert
            color={data.in_balance ? 'green' : 'red'}
            variant="light"
            c={data.in_balance ? textOn.green : textOn.red}
            styles={{ title: { color: data.in_balance ? textOn.green : textOn.red } }}
            title={data.in_balance ? 'The loan is in balance' : 'The loan is out of balance'}
            data-testid="in-balance-verdict"
          >
            <Text fz="sm">
              Available: {aud(data.available_cents)} ({aud(data.undrawn_cents)} of undrawn limit and{' '}
              {aud(data.equity_in_hand_cents)} of equity in hand). Needed to finish:{' '}
              {aud(data.required_cents)}.{' '}
              {data.in_balance
                ? `That leaves ${aud(data.available_cents - data.required_cents)} of headroom, so draws can be approved and funded.`
                : `${data.message ?? `The shortfall is ${aud(data.shortfall_cents)}.`} No draw can be approved or funded until then.`}
            </Text>
          </Alert>
          <details>
            <summary>
              <Text component="span" fz="sm" fw={600}>
                What finishing the project needs, line by line
              </Text>
            </summary>
            <List size="sm" mt="xs">
              {data.lines
                .filter((l) => l.required_cents > 0)
                .map((l) => (
                  <List.Item key={l.key}>
                    {l.name}: {aud(l.required_cents)} (
                    {l.basis === 'forecast'
                      ? `${basisWords.forecast} ${day(data.finance_end_date)}`
                      : basisWords[l.basis]}
                    )
                  </List.Item>
                ))}
            </List>
          </details>
        </>
      )}
    </Stack>
  );
}
