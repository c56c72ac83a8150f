import { Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadBlob } from '../../../lib/download-file';
import { exportAllData } from '../api/export-all-data';

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** The page's heading and Export All Data, with the amount downloaded shown while it streams. */
export function AdminHeader() {
  const [received, setReceived] = useState<number | null>(null);
  const isExporting = received !== null;

  const exportData = async () => {
    setReceived(0);
    try {
      const { blob, fileName } = await exportAllData(setReceived);
      downloadBlob(blob, fileName);
      notifications.show({
        color: 'green',
        title: 'Export Complete',
        message: `${fileName} (${megabytes(blob.size)})`,
      });
    } catch (error) {
      console.error('Export failed', error);
      notifications.show({ color: 'red', title: 'Export Failed', message: 'Failed to export platform data' });
    } finally {
      setReceived(null);
    }
  };

  return (
    <Group justify="space-between" align="center" gap="sm">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Admin Dashboard
      </Title>
      <Stack gap={4} align="flex-end">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={exportData}
          loading={isExporting}
        >
          Export All Data
        </Button>
        {isExporting && (
          <Stack gap={2} w={180} role="status" aria-live="polite">
            <Progress value={100} animated striped aria-label="Export progress" />
            <Text fz="xs" c="gray.7">
              Downloading… {megabytes(received)}
            </Text>
          </Stack>
        )}
      </Stack>
    </Group>
  );
}
