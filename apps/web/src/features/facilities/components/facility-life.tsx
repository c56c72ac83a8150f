import { Alert, Anchor, Tabs, Text } from '@mantine/core';
import { textOn } from '../utils/text-colors';
import { CompletionPanel } from './completion-panel';
import { CovenantsPanel } from './covenants-panel';
import { FacilitySettingsPanel } from './facility-settings-panel';
import { PresalesPanel } from './presales-panel';
import { ReallocationsPanel } from './reallocations-panel';
import { VariationsPanel } from './variations-panel';

/** Once repaid: the page says so and links the closing statement (decision 062). */
export function RepaidNotice({ facilityId }: { facilityId: string }) {
  return (
    <Alert
      color="green"
      variant="light"
      title="Repaid"
      c={textOn.green}
      styles={{ title: { color: textOn.green } }}
      data-testid="facility-repaid"
    >
      <Text fz="sm">
        Nothing is owed on this facility: it is repaid, and any lots not settled were released from the
        security.{' '}
        <Anchor href={`/api/facilities/${encodeURIComponent(facilityId)}/closing-statement.pdf`}>
          Download the closing statement (PDF)
        </Anchor>
      </Text>
    </Alert>
  );
}

/**
 * The facility after the close (issue 34; decision 068): variations and reallocations, presales and
 * settlements, practical completion and retention, covenants, valuations and monthly reports, and
 * the funder's settings (decision 072), as tabs under the draws. `open` is false once the facility is repaid: everything reads, nothing changes.
 */
export function FacilityLife({
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
  return (
    <Tabs defaultValue="variations" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="variations">Variations</Tabs.Tab>
        <Tabs.Tab value="presales">Presales</Tabs.Tab>
        <Tabs.Tab value="completion">Completion</Tabs.Tab>
        <Tabs.Tab value="covenants">Covenants and reports</Tabs.Tab>
        <Tabs.Tab value="settings">Settings</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="variations" pt="md">
        <VariationsPanel facilityId={facilityId} role={role} open={open} />
        <ReallocationsPanel facilityId={facilityId} role={role} open={open} />
      </Tabs.Panel>
      <Tabs.Panel value="presales" pt="md">
        <PresalesPanel facilityId={facilityId} role={role} open={open} />
      </Tabs.Panel>
      <Tabs.Panel value="completion" pt="md">
        <CompletionPanel facilityId={facilityId} dealId={dealId} role={role} open={open} />
      </Tabs.Panel>
      <Tabs.Panel value="covenants" pt="md">
        <CovenantsPanel facilityId={facilityId} role={role} open={open} />
      </Tabs.Panel>
      <Tabs.Panel value="settings" pt="md">
        <FacilitySettingsPanel facilityId={facilityId} role={role} open={open} />
      </Tabs.Panel>
    </Tabs>
  );
}
