import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { LoadFailedAlert, LoadingBlock } from '../../../components/load-states';
import { type GrantedAccess, useGrantedAccess } from '../api/get-god-mode';

export const revokePickerMessages = {
  funderRequired: 'Choose a funder',
  projectRequired: 'Choose a project',
  none: 'No funder holds access that can be revoked (granted and not yet funded).',
} as const;

const stageLabels: Record<GrantedAccess['status'], string> = {
  approved: 'access granted',
  due_diligence: 'due diligence',
  term_sheet: 'term sheet',
};

/**
 * Revoke Access's first step (issue 37 item 6): a funder who holds granted, unfunded access, then
 * one of their projects, both searchable; no ids to type. The chosen access goes on to the
 * override dialog for the reason.
 */
export function RevokeAccessPicker({
  opened,
  onClose,
  onNext,
}: {
  opened: boolean;
  onClose: () => void;
  onNext: (access: GrantedAccess) => void;
}) {
  const { data, isLoading, isError } = useGrantedAccess(opened);
  const [funderId, setFunderId] = useState<string | null>(null);
  const [accessId, setAccessId] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ funder?: string; project?: string }>({});
  const items = data?.items ?? [];

  const funders = useMemo(() => {
    const seen = new Map<string, string>();
    for (const a of items)
      if (!seen.has(a.funder_id))
        seen.set(
          a.funder_id,
          `${a.funder_name}${a.company_name ? ` (${a.company_name})` : ''} · ${a.funder_email}`,
        );
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [items]);
  const projects = items
    .filter((a) => a.funder_id === funderId)
    .map((a) => ({ value: a.access_request_id, label: `${a.project_title} (${stageLabels[a.status]})` }));

  const dismiss = () => {
    setFunderId(null);
    setAccessId(null);
    setErrors({});
    onClose();
  };
  const next = () => {
    const chosen = items.find((a) => a.access_request_id === accessId && a.funder_id === funderId);
    if (!funderId) return setErrors({ funder: revokePickerMessages.funderRequired });
    if (!chosen) return setErrors({ project: revokePickerMessages.projectRequired });
    dismiss();
    onNext(chosen);
  };

  return (
    <Modal opened={opened} onClose={dismiss} title="Revoke Access" centered>
      <Stack gap="md">
        {isLoading ? (
          <LoadingBlock compact label="Loading funders with access" />
        ) : isError ? (
          <LoadFailedAlert title="Load Failed">Failed to fetch the funders with access</LoadFailedAlert>
        ) : funders.length === 0 ? (
          <Alert color="gray" variant="light" c="dark.7">
            {revokePickerMessages.none}
          </Alert>
        ) : (
          <>
            <Text fz="sm" c="gray.7">
              Choose the funder, then the project whose access ends.
            </Text>
            <Select
              label="Funder"
              placeholder="Search funders with access"
              searchable
              nothingFoundMessage="No funder with access matches"
              data={funders}
              value={funderId}
              onChange={(v) => {
                setFunderId(v);
                setAccessId(null);
                setErrors({});
              }}
              error={errors.funder}
              data-autofocus
            />
            <Select
              label="Project"
              placeholder={funderId ? 'Search their projects' : 'Choose a funder first'}
              searchable
              nothingFoundMessage="No project of theirs matches"
              data={projects}
              value={accessId}
              onChange={(v) => {
                setAccessId(v);
                setErrors({});
              }}
              disabled={!funderId}
              error={errors.project}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={dismiss}>
            Cancel
          </Button>
          <Button onClick={next} disabled={funders.length === 0}>
            Next
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
