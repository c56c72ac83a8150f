import { Anchor, Group, Text } from '@mantine/core';
import {
  signedAsLine,
  type UndertakingSignature,
  undertakingAcceptedLine,
  undertakingPdfPath,
} from '@plinth/domain/undertaking';
import { IconFileDownload, IconShieldCheck } from '@tabler/icons-react';
import { useRequestUndertaking } from './undertaking-api';

interface UndertakingSignatureLineProps {
  accessRequestId: string;
  /** The signature when the caller has it (an access-request list); fetched otherwise. */
  signature?: UndertakingSignature | null;
}

/**
 * "Undertaking accepted by <name>, <company>, <date>" with the signed PDF to download, for the
 * request's developer (and its funder and admins); a line saying none was signed for a request
 * granted before undertakings existed.
 */
export function UndertakingSignatureLine({ accessRequestId, signature }: UndertakingSignatureLineProps) {
  const fetched = useRequestUndertaking(accessRequestId, signature === undefined);
  const shown = signature === undefined ? fetched.data?.undertaking : signature;
  if (shown === undefined) return null;
  if (shown === null)
    return (
      <Text fz="sm" c="gray.7">
        No confidentiality undertaking signed yet (access granted before undertakings).
      </Text>
    );
  return (
    <Group gap="xs" wrap="wrap" style={{ rowGap: 2 }}>
      <Group gap={6} wrap="nowrap">
        <IconShieldCheck
          aria-hidden
          size={16}
          color="var(--mantine-color-green-8)"
          style={{ flexShrink: 0 }}
        />
        <Text fz="sm" c="dark.7">
          {undertakingAcceptedLine(shown)}
        </Text>
      </Group>
      {shown.name_differs && (
        <Text fz="sm" c="red.9" fw={600}>
          {signedAsLine(shown)}
        </Text>
      )}
      <Anchor href={undertakingPdfPath(accessRequestId)} download fz="sm" c="navy.8" fw={600}>
        <Group gap={4} wrap="nowrap" component="span">
          <IconFileDownload aria-hidden size={16} />
          Download undertaking (PDF)
        </Group>
      </Anchor>
    </Group>
  );
}
