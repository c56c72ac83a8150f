import {
  Alert,
  Button,
  FileButton,
  Group,
  List,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DEAL_FILE_MAX_MB } from '@plinth/domain/constants';
import { DEAL_FILE_MAX_BYTES, documentMessages } from '@plinth/domain/documents';
import { calendarDay } from '@plinth/domain/format';
import { useMemo, useState } from 'react';
import { useDealDocuments } from '../api/get-deal-documents';
import { useUploadFacilityDocument } from '../api/upload-facility-document';
import { useRecordPracticalCompletion, useReleaseRetention, useRetention } from '../api/variations-api';
import { aud, day } from '../utils/money';
import { textOn } from '../utils/text-colors';

const stageWords = {
  practical_completion: 'At practical completion',
  defects_liability: 'After the defects liability period',
} as const;

/** What a certificate is: a scan or a PDF (the server takes every document type and checks the content). */
const certificateAccept = '.pdf,.png,.jpg,.jpeg';

/**
 * Practical completion and retention (decision 061): what is held and released, and the funder's
 * two calls: record practical completion (with the certificate, picked from the deal's documents or
 * uploaded here, decision 072) and release the rest once the defects liability period has ended,
 * which the daily schedule otherwise does on its own (decision 071).
 */
export function CompletionPanel({
  facilityId,
  dealId,
  role,
  open,
}: {
  facilityId: string;
  dealId: string;
  role: string;
  open: boolean;
}) {
  const retention = useRetention(facilityId);
  const record = useRecordPracticalCompletion(facilityId);
  const release = useReleaseRetention(facilityId);
  const [date, setDate] = useState(calendarDay());
  const [certificate, setCertificate] = useState<string | null>(null);
  const [certificateError, setCertificateError] = useState<string | null>(null);
  const [releasedOn, setReleasedOn] = useState(calendarDay());
  const r = retention.data;
  const canRecord = open && role === 'funder' && Boolean(r) && !r?.practical_completion_date;
  const documents = useDealDocuments(facilityId, dealId, canRecord);
  const upload = useUploadFacilityDocument(facilityId);
  const options = useMemo(
    () =>
      [...(documents.data?.items ?? [])]
        .sort((a, b) => b.uploaded_at.localeCompare(a.uploaded_at))
        .map((d) => ({ value: d.id, label: `${d.file_name} · ${d.uploader_name}, ${day(d.uploaded_at)}` })),
    [documents.data],
  );
  const error = record.error ?? release.error;
  const uploadCertificate = async (file: File | null) => {
    if (!file) return;
    setCertificateError(null);
    if (file.size > DEAL_FILE_MAX_BYTES)
      return setCertificateError(documentMessages.tooLarge(DEAL_FILE_MAX_MB));
    try {
      const uploaded = await upload.mutateAsync(file);
      setCertificate(uploaded.id);
    } catch (e) {
      setCertificateError(e instanceof Error ? e.message : 'The certificate was not uploaded');
    }
  };
  const submitCompletion = () => {
    if (!certificate) return setCertificateError('Choose the certificate of practical completion');
    setCertificateError(null);
    record.mutate({ date, certificate_document_id: certificate });
  };

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
          {!r.releases.some((x) => x.stage === 'defects_liability') && (
            <Text fz="sm" data-testid="retention-schedule">
              {r.defects_liability_ends_on
                ? `The rest of the retention is released automatically on ${day(r.defects_liability_ends_on)}, the day the defects liability period ends, by the facility's daily run early that morning (Sydney time); if the undrawn limit and equity in hand cannot pay it then, the run tries again each day.`
                : 'Half of the retention is released at practical completion, and the rest automatically when the defects liability period ends.'}
              {open &&
                role === 'funder' &&
                r.defects_liability_ends_on &&
                ` The button below only releases it sooner than that run: from ${day(r.defects_liability_ends_on)} on, never before.`}
            </Text>
          )}
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
          {canRecord && (
            <Stack gap="xs">
              <Group align="flex-start" gap="sm">
                <TextInput
                  label="Practical completion date"
                  type="date"
                  value={date}
                  onChange={(e) => setDate(e.currentTarget.value)}
                  w={190}
                />
                <Select
                  label="Certificate of practical completion"
                  description="A file of the deal: the room's, or one attached to a draw"
                  placeholder={documents.isPending ? 'Loading the documents…' : 'Choose a document'}
                  data={options}
                  value={certificate}
                  onChange={(value) => {
                    setCertificate(value);
                    setCertificateError(null);
                  }}
                  searchable
                  nothingFoundMessage="No document of that name"
                  comboboxProps={{ keepMounted: false }}
                  error={certificateError}
                  w={{ base: '100%', sm: 380 }}
                />
                <FileButton onChange={(file) => void uploadCertificate(file)} accept={certificateAccept}>
                  {(props) => (
                    <Button {...props} variant="default" mt={{ base: 0, sm: 25 }} loading={upload.isPending}>
                      Upload a certificate
                    </Button>
                  )}
                </FileButton>
              </Group>
              {upload.percent !== null && (
                <Progress value={upload.percent} aria-label="Certificate upload progress" />
              )}
              {documents.isError && <Text c={textOn.red}>{documents.error.message}</Text>}
              {documents.data && options.length === 0 && (
                <Text fz="sm" data-testid="no-certificate">
                  The deal has no documents yet. Upload the certificate here (PDF or a scan, up to{' '}
                  {DEAL_FILE_MAX_MB} MB), and it is chosen.
                </Text>
              )}
              <Group>
                <Button loading={record.isPending} onClick={submitCompletion}>
                  Record practical completion
                </Button>
              </Group>
            </Stack>
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
