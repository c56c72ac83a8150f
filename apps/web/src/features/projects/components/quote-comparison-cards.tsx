import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { QuoteComparisonItem } from '../api/list-project-quotes';
import { cheapestQuoteId, quoteFigures } from '../utils/quote-figures';
import { QuoteBadges } from './quote-badges';

/** The comparison on a phone: one card per quote, the same figures; an expired quote's card greyed out. */
export function QuoteComparisonCards({
  projectId,
  quotes,
}: {
  projectId: string;
  quotes: readonly QuoteComparisonItem[];
}) {
  const cheapest = cheapestQuoteId(quotes);
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Quote comparison">
      {quotes.map((quote) => {
        const f = quoteFigures(quote, projectId);
        const figures = [
          ['Loan amount', f.loanAmount],
          ['Rate', f.rate],
          ['Term', f.term],
          ['Establishment fee', f.establishmentFee],
          ['Other fees', f.otherFees],
          ['Valid until', f.validUntil],
        ] as const;
        return (
          <Paper
            key={quote.id}
            component="li"
            withBorder
            radius="md"
            p="md"
            data-expired={quote.expired || undefined}
            bg={quote.expired ? 'gray.1' : undefined}
            c={quote.expired ? 'gray.7' : undefined}
          >
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start" gap="xs">
                <Anchor component={Link} to={f.roomPath} c={quote.expired ? 'gray.8' : 'navy.9'} fw={700}>
                  {f.funder}
                </Anchor>
                <QuoteBadges quote={quote} status={f.status} isCheapest={quote.id === cheapest} />
              </Group>
              <Stack gap={0}>
                <Text fz="xs" c="gray.7">
                  All-in cost over the term
                </Text>
                <Text fz="xl" fw={700} c={quote.expired ? 'gray.7' : 'navy.9'}>
                  {f.allInCost}
                </Text>
                <Text fz="sm" c="gray.8" fw={600}>
                  {f.allInRate} per dollar lent
                </Text>
                <Text fz="xs" c="gray.7">
                  interest {f.interestCost} + establishment fee {f.establishmentFee}
                </Text>
              </Stack>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" component="dl" m={0}>
                {figures.map(([label, value]) => (
                  <Stack key={label} gap={0}>
                    <Text component="dt" fz="xs" c="gray.7">
                      {label}
                    </Text>
                    <Text component="dd" fz="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                      {value}
                    </Text>
                  </Stack>
                ))}
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
