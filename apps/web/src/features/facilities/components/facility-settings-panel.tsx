import { List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { defaultConsentThresholdCents } from '@plinth/domain/facility/variations';
import type { ReactNode } from 'react';
import { useCovenants } from '../api/covenants-api';
import { usePresaleSettings, useVariationSettings } from '../api/settings-api';
import { useRetention } from '../api/variations-api';
import { aud } from '../utils/money';
import { bpsToPercent } from '../utils/rates';
import { textOn } from '../utils/text-colors';
import { CovenantSettingsForm } from './covenant-settings-form';
import { PresaleSettingsForm } from './presale-settings-form';
import { VariationSettingsForm } from './variation-settings-form';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const frequencyWords = { monthly: 'tested monthly', quarterly: 'tested quarterly' } as const;

/**
 * The facility's settings (decision 072): covenants, presale qualification thresholds and variation
 * settings. The facility's funder changes them while it is open; every other party reads them.
 */
export function FacilitySettingsPanel({
  facilityId,
  role,
  open,
}: {
  facilityId: string;
  role: string;
  open: boolean;
}) {
  const canEdit = open && role === 'funder';
  const covenants = useCovenants(facilityId);
  const presale = usePresaleSettings(facilityId);
  const variation = useVariationSettings(facilityId);
  const retention = useRetention(facilityId);
  const loading = <Skeleton h={120} role="status" aria-label="Loading the settings" />;
  // Settled once answered either way: a refetch after a save must not unmount the form.
  const isVariationRead = variation.data !== undefined || variation.isError;

  return (
    <Stack gap="lg">
      <Section id="covenant-settings" title="Covenant settings">
        {covenants.isError && <Text c={textOn.red}>{covenants.error.message}</Text>}
        {covenants.isPending && loading}
        {covenants.data &&
          (canEdit ? (
            <CovenantSettingsForm facilityId={facilityId} current={covenants.data.covenants} />
          ) : covenants.data.covenants.length === 0 ? (
            <Text fz="sm">No covenants are set for this facility.</Text>
          ) : (
            <List size="sm" aria-label="Covenants set">
              {covenants.data.covenants.map((c) => (
                <List.Item key={c.kind}>
                  {c.label}: {c.threshold_text}, {frequencyWords[c.frequency]}, {c.cure_days} days to cure
                </List.Item>
              ))}
            </List>
          ))}
      </Section>

      <Section id="presale-settings" title="Presale thresholds">
        {presale.isError && <Text c={textOn.red}>{presale.error.message}</Text>}
        {presale.isPending && loading}
        {presale.data &&
          (canEdit ? (
            <PresaleSettingsForm facilityId={facilityId} current={presale.data} />
          ) : (
            <List size="sm" aria-label="Presale thresholds in force">
              <List.Item>
                Minimum deposit: {bpsToPercent(presale.data.min_deposit_bps)} of the price
              </List.Item>
              <List.Item>
                Deposit bonds at most {bpsToPercent(presale.data.max_bond_share_bps)} of the qualifying total
              </List.Item>
              <List.Item>
                A bond outlasts the sunset date by {presale.data.bond_months_after_sunset} months
              </List.Item>
              <List.Item>
                The sunset date follows completion by {presale.data.sunset_months_after_completion} months
              </List.Item>
            </List>
          ))}
      </Section>

      <Section id="variation-settings" title="Variation settings">
        {retention.isError && <Text c={textOn.red}>{retention.error.message}</Text>}
        {(retention.isPending || !isVariationRead) && loading}
        {retention.data &&
          isVariationRead &&
          (canEdit ? (
            <VariationSettingsForm
              facilityId={facilityId}
              current={
                variation.data ?? { defects_liability_months: retention.data.defects_liability_months }
              }
              hasCompletion={retention.data.practical_completion_date !== null}
            />
          ) : (
            <List size="sm" aria-label="Variation settings in force">
              <List.Item>
                {variation.data
                  ? `Lender consent is needed for a variation above ${aud(variation.data.variation_consent_threshold_cents)}`
                  : `Lender consent threshold: ${aud(Number(defaultConsentThresholdCents))} unless the funder changed it (the server does not say yet)`}
              </List.Item>
              <List.Item>
                Defects liability period: {retention.data.defects_liability_months} months
              </List.Item>
            </List>
          ))}
      </Section>
    </Stack>
  );
}
