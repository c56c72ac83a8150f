import { List, Skeleton, Stack, Text, Title } from '@mantine/core';
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
 * settings. The facility's funder changes them while it is open; every other party reads them. The
 * variation settings are read from GET /facilities/{id}/variation-settings (the threshold in force),
 * the retention only for whether practical completion fixed the defects liability period.
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
        {variation.isError && <Text c={textOn.red}>{variation.error.message}</Text>}
        {(retention.isPending || variation.isPending) && loading}
        {retention.data &&
          variation.data &&
          (canEdit ? (
            <VariationSettingsForm
              facilityId={facilityId}
              current={variation.data}
              hasCompletion={retention.data.practical_completion_date !== null}
            />
          ) : (
            <List size="sm" aria-label="Variation settings in force">
              <List.Item>
                Lender consent is needed for a variation above{' '}
                {aud(variation.data.variation_consent_threshold_cents)}
              </List.Item>
              <List.Item>
                Defects liability period: {variation.data.defects_liability_months} months
              </List.Item>
            </List>
          ))}
      </Section>
    </Stack>
  );
}
