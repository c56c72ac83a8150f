import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadStoredFile } from '../lib/stored-file';

/** A document's Download button: read through its authorised URL; a failure says 'Download Failed'. */
export function DownloadFileButton({ url, fileName }: { url: string; fileName: string }) {
  const [isDownloading, setIsDownloading] = useState(false);
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconDownload aria-hidden size={16} />}
      aria-label={`Download ${fileName}`}
      loading={isDownloading}
      onClick={async () => {
        setIsDownloading(true);
        await downloadStoredFile(url, fileName);
        setIsDownloading(false);
      }}
    >
      Download
    </Button>
  );
}
