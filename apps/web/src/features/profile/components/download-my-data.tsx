import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { accountErrorTitles, myDataFileName, myDataRows } from '@plinth/domain/account';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadBlob } from '../../../lib/download-file';
import { getMyData } from '../api/get-my-data';

/** 'Download my data': the person's own records as one CSV, made on the device with papaparse. */
export function DownloadMyData() {
  const [isPending, setIsPending] = useState(false);

  const download = async () => {
    setIsPending(true);
    try {
      const [data, { default: Papa }] = await Promise.all([getMyData(), import('papaparse')]);
      // Cells a spreadsheet would run as a formula are escaped; the byte order mark makes Excel read UTF-8.
      const csv = Papa.unparse(myDataRows(data), { escapeFormulae: true });
      downloadBlob(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), myDataFileName(new Date()));
      notifications.show({
        color: 'green',
        title: 'Download Started',
        message: 'Your data has been downloaded',
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: accountErrorTitles.download,
        message: error instanceof Error && error.message ? error.message : 'Failed to download your data',
      });
    } finally {
      setIsPending(false);
    }
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <Group justify="space-between" gap="md">
        <Stack gap={2} maw={520}>
          <Title order={2} fz="lg">
            Your data
          </Title>
          <Text c="gray.7" fz="sm">
            A CSV of your account, profile, projects or access requests, the messages you sent and your
            payments.
          </Text>
        </Stack>
        <Button
          variant="default"
          onClick={download}
          loading={isPending}
          leftSection={<IconDownload aria-hidden size={16} />}
        >
          Download my data
        </Button>
      </Group>
    </Paper>
  );
}
