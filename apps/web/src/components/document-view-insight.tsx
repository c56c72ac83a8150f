import { Stack, Text } from '@mantine/core';
import type { DocumentViewSummary } from '@plinth/domain/deals';
import { formatDateTime } from '../lib/format';

const times = (n: number) => `${n} ${n === 1 ? 'time' : 'times'}`;

/**
 * The data-room insight under a document its owner side uploaded (issue 9): who else opened it, how
 * often, and when last. The server sends `viewed_by` only to the uploader's side and admins.
 */
export function DocumentViewInsight({ views }: { views: DocumentViewSummary[] }) {
  if (views.length === 0)
    return (
      <Text fz="xs" c="gray.7">
        Not viewed by anyone else yet
      </Text>
    );
  return (
    <Stack gap={0} aria-label="Who viewed this document">
      {views.map((v) => (
        <Text key={`${v.viewer_name}-${v.company_name ?? ''}`} fz="xs" c="teal.9">
          Viewed by {v.company_name ?? v.viewer_name}, {times(v.views)}
          {v.downloads > 0 ? ` (downloaded ${times(v.downloads)})` : ''}, last{' '}
          {formatDateTime(v.last_viewed_at)}
        </Text>
      ))}
    </Stack>
  );
}
