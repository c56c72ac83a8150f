import { Badge, Group, Tooltip } from '@mantine/core';
import { type DocumentCopy, watermarkMessages } from '@plinth/domain/watermark';

/**
 * Beside a document in a list (decision 034): 'Not watermarked' when the reader gets an office file
 * unchanged, 'View only' when a PDF may be read in the app but not downloaded.
 */
export function DocumentCopyBadges({ watermark, viewOnly }: { watermark: DocumentCopy; viewOnly?: boolean }) {
  if (watermark !== 'not_watermarked' && !viewOnly) return null;
  return (
    <Group gap={6}>
      {watermark === 'not_watermarked' && (
        <Tooltip label={watermarkMessages.notWatermarkedHint}>
          <Badge variant="light" color="gray" c="dark.6" size="sm">
            {watermarkMessages.notWatermarked}
          </Badge>
        </Tooltip>
      )}
      {viewOnly && (
        <Badge variant="light" color="blue" c="navy.9" size="sm">
          View only
        </Badge>
      )}
    </Group>
  );
}
