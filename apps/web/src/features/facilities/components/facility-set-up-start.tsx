import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { formatAud } from '@plinth/domain/format';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { LoadFailedAlert } from '../../../components/load-states';
import { type CreateFacilityInput, useCreateFacility } from '../api/create-facility';
import { useAcceptedQuote } from '../api/get-accepted-quote';
import { useFacilities } from '../api/get-facilities';
import { dollarsToCents } from '../utils/money';
import { percentToBps } from '../utils/rates';

interface FacilitySetUpStartProps {
  dealId: string;
  /** The deal's funder sets the facility up; its developer only waits for it. */
  canCreate: boolean;
}

const fromQuote = 'From the accepted quote';

type Field = 'limit' | 'rate' | 'margin' | 'lineFee' | 'establishmentFee';
const money: Field[] = ['limit', 'establishmentFee'];

/**
 * /facilities/new?deal=…, reached from a completed deal room (decision 063): a facility that exists
 * already opens; otherwise the deal's funder sets it up. Every term may be left empty, and the server
 * then takes it from the accepted quote (decision 055); what is typed is sent in cents and basis
 * points. The server's refusals (the deal not completed, a facility already there, no state for
 * the SOP clock) are shown in its words.
 */
export function FacilitySetUpStart({ dealId, canCreate }: FacilitySetUpStartProps) {
  const navigate = useNavigate();
  const list = useFacilities();
  const create = useCreateFacility(dealId);
  const quote = useAcceptedQuote(dealId, canCreate).data;
  const [text, setText] = useState<Record<Field, string>>({
    limit: '',
    rate: '',
    margin: '',
    lineFee: '',
    establishmentFee: '',
  });
  const [dates, setDates] = useState({
    close_date: '',
    maturity_date: '',
    latest_practical_completion_date: '',
  });
  const [capitalise, setCapitalise] = useState(true);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  if (list.isError)
    return <LoadFailedAlert title="Failed to load your facilities">{list.error.message}</LoadFailedAlert>;
  if (!list.data) return <Skeleton h={300} role="status" aria-label="Loading" />;
  const existing = list.data.items.find((f) => f.deal_id === dealId);
  if (existing) return <Navigate replace to={`/facilities/${encodeURIComponent(existing.id)}`} />;

  if (!canCreate)
    return (
      <Stack gap="md">
        <title>Loan facility | Plinth</title>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Loan facility
        </Title>
        <Text>The funder has not set up the facility for this deal yet. You will be told when they do.</Text>
        <Anchor component={Link} to="/facilities">
          All facilities
        </Anchor>
      </Stack>
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body: CreateFacilityInput = { capitalise_interest: capitalise };
    const found: Partial<Record<Field, string>> = {};
    for (const field of Object.keys(text) as Field[]) {
      const value = text[field].trim();
      if (!value) continue;
      const parsed = money.includes(field) ? dollarsToCents(value) : percentToBps(value);
      if (parsed === null)
        found[field] = money.includes(field)
          ? 'Enter dollars, for example 1,500,000'
          : 'Enter a rate in percent, for example 9.5';
      else if (field === 'limit') body.limit_cents = parsed;
      else if (field === 'establishmentFee') body.establishment_fee_cents = parsed;
      else if (field === 'rate') body.interest_rate_bps = parsed;
      else if (field === 'margin') body.default_margin_bps = parsed;
      else body.line_fee_bps = parsed;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    for (const [key, value] of Object.entries(dates)) if (value) body[key as keyof typeof dates] = value;
    create.mutate(body, {
      onSuccess: (facility) => navigate(`/facilities/${encodeURIComponent(facility.id)}`, { replace: true }),
    });
  };

  // What an empty field becomes: the quote's figure where it has one, else none.
  const quoted: Record<Field, string> = {
    limit: quote ? formatAud(quote.loan_amount) : fromQuote,
    establishmentFee: quote ? formatAud(quote.establishment_fee) : fromQuote,
    rate: quote ? `${quote.interest_rate} %` : fromQuote,
    margin: 'None',
    lineFee: 'None',
  };
  const input = (field: Field, label: string, description?: string) => (
    <TextInput
      label={label}
      description={description}
      placeholder={quoted[field]}
      inputMode="decimal"
      value={text[field]}
      error={errors[field]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setText((t) => ({ ...t, [field]: value }));
      }}
    />
  );
  const date = (key: keyof typeof dates, label: string) => (
    <TextInput
      label={label}
      type="date"
      value={dates[key]}
      description={
        key === 'close_date'
          ? 'Empty: today'
          : quote
            ? `Empty: the close plus the quote's ${quote.loan_term} months`
            : `Empty: ${fromQuote.toLowerCase()}`
      }
      onChange={(e) => {
        const value = e.currentTarget.value;
        setDates((d) => ({ ...d, [key]: value }));
      }}
    />
  );

  return (
    <Stack gap="lg" maw={760}>
      <title>Set up the facility | Plinth</title>
      <Stack gap={4}>
        <Anchor component={Link} to="/facilities" fz="sm">
          All facilities
        </Anchor>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Set up the facility
        </Title>
        <Text c="gray.7">
          The deal is complete. The facility takes its terms from the accepted quote; change any of them here.
          Next you invite the quantity surveyor, agree the budget and open the facility.
        </Text>
      </Stack>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {create.error && (
              <Alert role="alert" color="red" variant="light" c="red.9" title="The facility was not set up">
                {create.error.message}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {input('limit', 'Limit (AUD)')}
              {input('establishmentFee', 'Establishment fee (AUD)')}
              {input('rate', 'Interest rate (% p.a.)')}
              {input('margin', 'Default margin (% p.a.)')}
              {input('lineFee', 'Line fee (% p.a.)')}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {date('close_date', 'Close date')}
              {date('maturity_date', 'Maturity date')}
              {date('latest_practical_completion_date', 'Latest practical completion')}
            </SimpleGrid>
            <Checkbox
              label="Capitalise interest monthly"
              checked={capitalise}
              onChange={(e) => setCapitalise(e.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                Set up the facility
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
