import { Alert, Button, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { calendarDay } from '@plinth/domain/format';
import { useState } from 'react';
import { useRecordPracticalCompletion, useReleaseRetention, useRetention } from '../api/variations-api';
import { aud, day } from '../utils/money';
import { textOn } from '../utils/text-colors';

const stageWords = {
  practical_completion: 'At practical completion',
  defects_liability: 'After the defects liability period',
} as const;

/**
 * Practical completion and retention (decision 061): what is held and released, and the funder's
 * two calls: record practical completion (with the certificate, a document of the deal room) and
 * release the rest once the defects liability period has ended.
 */
export function CompletionPanel({
  facilityId,
  role,
  open,
}: {
  facilityId: string;
  role: string;
  open: boolean;
}) {
  const retention = useRetention(facilityId);
  const record = useRecordPracticalCompletion(facilityId);
  const release = useReleaseRetention(facilityId);
  const [date, setDate] = useState(calendarDay());
  const [certificate, setCertificate] = useState('');
  const [releasedOn, setReleasedOn] = useState(calendarDay());
  const r = retention.data;
  const error = record.error ?? release.error;

  return (
    <Stack gap="xs" component="section" aria-labelledby="completion">
      <Title order={2} fz="lg" id="completion">
        Practical completion and retention
      </Title>
      {retention.isError && <Text c={textOn.red}>{retention.error.message}</Text>}
      {r && (
        <>
          <Text fz="sm">
            {r.practical_completion_date
              ? `Practical completion on ${day(r.practical_completion_date)}; the defects liability period (${r.defects_liability_months} months) ends ${day(r.defects_liability_ends_on)}.`
              : `Practical completion has not been recorded. The defects liability period will be ${r.defects_liability_months} months.`}{' '}
            Retention held: {aud(r.retention_held_cents)}.
          </Text>
          {r.releases.length > 0 && (
            <List size="sm" aria-label="Retention released">
              {r.releases.map((x) => (
                <List.Item key={x.stage}>
                  {stageWords[x.stage as keyof typeof stageWords] ?? x.stage}: {aud(x.amount_cents)} released{' '}
                  {day(x.released_on)}
                </List.Item>
              ))}
            </List>
          )}
          {open && role === 'funder' && !r.practical_completion_date && (
            <Group align="flex-end" gap="sm">
              <TextInput
                label="Practical completion date"
                type="date"
                value={date}
                onChange={(e) => setDate(e.currentTarget.value)}
                w={190}
              />
              <TextInput
                label="Certificate (deal room document id)"
                value={certificate}
                onChange={(e) => setCertificate(e.currentTarget.value)}
                w={320}
              />
              <Button
                loading={record.isPending}
                onClick={() => record.mutate({ date, certificate_document_id: certificate.trim() })}
              >
                Record practical completion
              </Button>
            </Group>
          )}
          {open &&
            role === 'funder' &&
            r.practical_completion_date &&
            !r.releases.some((x) => x.stage === 'defects_liability') && (
              <Group align="flex-end" gap="sm">
                <TextInput
                  label="Release on"
                  type="date"
                  value={releasedOn}
                  onChange={(e) => setReleasedOn(e.currentTarget.value)}
                  w={180}
                />
                <Button loading={release.isPending} onClick={() => release.mutate(releasedOn)}>
                  Release the rest of the retention
                </Button>
              </Group>
            )}
          {error && (
            <Alert color="red" variant="light" role="alert" c={textOn.red}>
              {error.message}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
