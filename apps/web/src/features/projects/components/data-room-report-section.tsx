import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DATA_ROOM_REPORT_MAX_FUNDERS, dataRoomReportMessages } from '@plinth/domain/data-room-report';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadFailedAlert, LoadingBlock } from '../../../components/load-states';
import { downloadDataRoomReport } from '../api/download-data-room-report';
import { useDataRoomReport } from '../api/get-data-room-report';
import { DataRoomReportFunderCard } from './data-room-report-funder';

/**
 * The developer's data-room report (issue 19, decision 036): every funder who asked for the file,
 * the undertaking they signed, what they opened and what they quoted; 'Export CSV' saves the same
 * figures for a spreadsheet.
 */
export function DataRoomReportSection({
  projectId,
  projectTitle,
}: {
  projectId: string;
  projectTitle: string;
}) {
  const query = useDataRoomReport(projectId);
  const [isExporting, setIsExporting] = useState(false);

  const exportCsv = async () => {
    setIsExporting(true);
    try {
      const fileName = await downloadDataRoomReport(projectId, projectTitle);
      notifications.show({ color: 'green', title: 'Export Complete', message: fileName });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: dataRoomReportMessages.exportFailedTitle,
        message:
          error instanceof Error && error.message ? error.message : dataRoomReportMessages.exportFailed,
      });
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="data-room-report-heading">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 280px' }}>
          <Title order={2} fz="lg" id="data-room-report-heading">
            {dataRoomReportMessages.title}
          </Title>
          <Text fz="sm" c="gray.7">
            Each funder who asked for the full file: the undertaking they signed, the documents they opened
            and their quotes. Your own openings and Plinth admins' are not counted. Times are Sydney time.
          </Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={exportCsv}
          loading={isExporting}
          disabled={!query.isSuccess}
        >
          Export CSV
        </Button>
      </Group>
      {query.isPending ? (
        <LoadingBlock label="Loading the data room report" compact />
      ) : query.isError ? (
        <LoadFailedAlert title={dataRoomReportMessages.loadFailedTitle}>
          {query.error.message}
        </LoadFailedAlert>
      ) : query.data.funders.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text fz="sm" c="gray.7">
            {dataRoomReportMessages.noFunders}
          </Text>
        </Paper>
      ) : (
        <>
          {query.data.truncated && (
            <Alert color="gray" variant="light" c="dark.7">
              {dataRoomReportMessages.truncated(DATA_ROOM_REPORT_MAX_FUNDERS)}
            </Alert>
          )}
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {query.data.funders.map((funder) => (
              <DataRoomReportFunderCard key={funder.funder_id} funder={funder} />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
