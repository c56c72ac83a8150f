import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  type DataRoomReportFunder,
  type DataRoomReportQuote,
  documentSourceLabels,
  quoteStateLabel,
  reportAccessStatusLabels,
  undertakingNameCheck,
} from '@plinth/domain/data-room-report';
import { documentTypeLabel } from '@plinth/domain/documents';
import type { AccessStatus } from '@plinth/domain/marketplace';
import { formatAud, formatDateTime, formatRate } from '../../../lib/format';
import { badgeColours } from './listing-status-badge';

const neutral = { color: 'gray', text: 'var(--mantine-color-gray-8)' } as const;
type Tone = (typeof badgeColours)[keyof typeof badgeColours] | typeof neutral;

const accessTones: Record<AccessStatus, Tone> = {
  pending: badgeColours.warning,
  approved: badgeColours.success,
  due_diligence: badgeColours.success,
  term_sheet: badgeColours.success,
  funded: badgeColours.success,
  declined: badgeColours.error,
  revoked: badgeColours.error,
  closed: neutral,
};

const quoteTone = (quote: DataRoomReportQuote): Tone =>
  quote.status === 'accepted'
    ? badgeColours.success
    : quote.status === 'declined'
      ? badgeColours.error
      : quote.expired
        ? neutral
        : badgeColours.warning;

function ToneBadge({ tone, children }: { tone: Tone; children: string }) {
  return (
    <Badge variant="light" color={tone.color} c={tone.text} tt="none" style={{ flexShrink: 0 }}>
      {children}
    </Badge>
  );
}

/** What the funder signed before the full file, or that nothing is on record (a legacy grant). */
function UndertakingLine({ undertaking }: { undertaking: DataRoomReportFunder['undertaking'] }) {
  if (!undertaking)
    return (
      <Text fz="sm" c="gray.7">
        No confidentiality undertaking on record for this request.
      </Text>
    );
  const company = undertaking.company_name ? ` for ${undertaking.company_name}` : '';
  return (
    <>
      <Text fz="sm">
        Undertaking (version {undertaking.version}) signed by <strong>{undertaking.full_name}</strong>
        {company} on {formatDateTime(undertaking.accepted_at)}
      </Text>
      {undertaking.name_differs && (
        <Text fz="sm" c="red.9" fw={600}>
          {undertakingNameCheck(undertaking)}
        </Text>
      )}
    </>
  );
}

function DocumentsOpened({ funder }: { funder: DataRoomReportFunder }) {
  if (funder.documents.length === 0)
    return (
      <Text fz="sm" c="gray.7">
        Has not opened any document.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={6} fz="sm" aria-label={`Documents opened by ${funder.funder_name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Document</Table.Th>
            <Table.Th scope="col">Source</Table.Th>
            <Table.Th scope="col" ta="right">
              Views
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Downloads
            </Table.Th>
            <Table.Th scope="col">Last opened</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {funder.documents.map((d) => (
            <Table.Tr key={`${d.source}-${d.document_id}`}>
              <Table.Th scope="row" fw={600}>
                <Group gap="xs" wrap="wrap">
                  <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {d.file_name}
                  </Text>
                  {d.view_only && <ToneBadge tone={neutral}>View only</ToneBadge>}
                </Group>
                {d.document_type && (
                  <Text fz="xs" c="gray.7" fw={400}>
                    {documentTypeLabel(d.document_type)}
                  </Text>
                )}
              </Table.Th>
              <Table.Td>{documentSourceLabels[d.source]}</Table.Td>
              <Table.Td ta="right">{d.views}</Table.Td>
              <Table.Td ta="right">{d.downloads}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.last_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Quotes({ quotes }: { quotes: readonly DataRoomReportQuote[] }) {
  if (quotes.length === 0)
    return (
      <Text fz="sm" c="gray.7">
        No quote yet.
      </Text>
    );
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {quotes.map((q) => (
        <Group component="li" key={q.id} gap="xs" wrap="wrap">
          <Text fz="sm" fw={600}>
            {formatAud(q.loan_amount)} at {formatRate(q.interest_rate)} over {q.loan_term} months
          </Text>
          <ToneBadge tone={quoteTone(q)}>{quoteStateLabel(q)}</ToneBadge>
          <Text fz="xs" c="gray.7">
            sent {formatDateTime(q.created_at)}
            {q.responded_at ? `, answered ${formatDateTime(q.responded_at)}` : ''}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** One funder in the data-room report: their request, undertaking, documents opened and quotes. */
export function DataRoomReportFunderCard({ funder }: { funder: DataRoomReportFunder }) {
  const headingId = `data-room-funder-${funder.funder_id}`;
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Group gap="xs" align="center">
            <Title order={3} fz="md" c="navy.9" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {funder.company_name ? `${funder.funder_name} (${funder.company_name})` : funder.funder_name}
            </Title>
            <ToneBadge tone={accessTones[funder.access_status]}>
              {reportAccessStatusLabels[funder.access_status]}
            </ToneBadge>
          </Group>
          {funder.email && (
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {funder.email}
            </Text>
          )}
          <Text fz="xs" c="gray.7">
            Requested access {formatDateTime(funder.requested_at)}
          </Text>
        </Stack>
        <UndertakingLine undertaking={funder.undertaking} />
        <Stack gap={4}>
          <Title order={4} fz="sm">
            Documents opened
          </Title>
          <DocumentsOpened funder={funder} />
        </Stack>
        <Stack gap={4}>
          <Title order={4} fz="sm">
            Quotes
          </Title>
          <Quotes quotes={funder.quotes} />
        </Stack>
      </Stack>
    </Paper>
  );
}
