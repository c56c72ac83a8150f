import { Text, Tooltip } from '@mantine/core';

/**
 * A payment provider's reference (pi_…, sub_…) on one line in a table cell: cut with an ellipsis
 * when the column is narrow, the whole id in a tooltip and for screen readers, and copied whole
 * when selected (issue 8: long ids wrapped onto four lines in the admin's Projects table).
 */
export function PaymentReference({
  reference,
  maxWidth = 160,
}: {
  reference: string | null;
  maxWidth?: number;
}) {
  if (!reference) return <Text fz="xs">—</Text>;
  return (
    <Tooltip label={reference} openDelay={300}>
      <Text ff="monospace" fz="xs" truncate="end" maw={maxWidth} title={reference}>
        {reference}
      </Text>
    </Tooltip>
  );
}
