import type { CovenantsResponse } from '@plinth/domain/covenants';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CovenantSettingsForm } from '../src/features/facilities/components/covenant-settings-form';
import { PresaleSettingsForm } from '../src/features/facilities/components/presale-settings-form';
import { VariationSettingsForm } from '../src/features/facilities/components/variation-settings-form';
import {
  bpsToPercentText,
  bpsToTimesText,
  covenantFieldErrors,
  covenantsBody,
  covenantValuesOf,
  presaleSettingsBody,
  timesToBps,
  variationSettingsBody,
} from '../src/features/facilities/utils/settings-form';
import { describedBy, FACILITY, SCREEN_TIMEOUT_MS, scriptedFacilityApi, show } from './facility-test-harness';

// Decision 072: the funder's settings (covenants, presale thresholds, variation settings). Pure
// conversions, then each form through the real api-client against a real HTTP server answering by
// script: what is sent (cents, basis points, an Idempotency-Key) and each refusal where it belongs.

const api = scriptedFacilityApi();

const lvr: CovenantsResponse['covenants'][number] = {
  kind: 'lvr',
  label: 'Loan to value (LVR)',
  unit: 'bps',
  direction: 'max',
  threshold: 6500,
  threshold_text: 'at most 65.00%',
  frequency: 'monthly',
  cure_days: 30,
  annual_income_cents: null,
  latest: null,
  open_breach: null,
};

describe('settings conversions', () => {
  it('percent and times are read digit by digit into basis points and back, without float drift', () => {
    expect(bpsToPercentText(6500)).toBe('65');
    expect(bpsToPercentText(1250)).toBe('12.5');
    expect(bpsToPercentText(1205)).toBe('12.05');
    expect(timesToBps('1.5')).toBe(15_000);
    expect(timesToBps('1.505x')).toBe(15_050);
    expect(timesToBps('one')).toBeNull();
    expect(bpsToTimesText(15_000)).toBe('1.5');
    expect(bpsToTimesText(15_050)).toBe('1.505');
  });

  it('covenantsBody sends only the ticked covenants in their API units, and names each field to fix', () => {
    const values = covenantValuesOf([lvr]);
    // LVR is set as the server has it; tick loan to cost, in balance and interest cover too.
    const row = (kind: string) => values.covenants.find((r) => r.kind === kind)!;
    Object.assign(row('loan_to_cost'), { isSet: true, threshold: '72.35' });
    Object.assign(row('in_balance'), { isSet: true, threshold: '$250,000.10', cureDays: '14' });
    Object.assign(row('interest_cover'), { isSet: true, threshold: '1.25', income: '850,000' });
    expect(covenantsBody(values)).toEqual({
      errors: null,
      body: {
        covenants: [
          { kind: 'lvr', threshold: 6500, frequency: 'monthly', cure_days: 30 },
          { kind: 'loan_to_cost', threshold: 7235, frequency: 'monthly', cure_days: 30 },
          { kind: 'in_balance', threshold: 25_000_010, frequency: 'monthly', cure_days: 14 },
          {
            kind: 'interest_cover',
            threshold: 12_500,
            frequency: 'monthly',
            cure_days: 30,
            annual_income_cents: 85_000_000,
          },
        ],
      },
    });
    Object.assign(row('lvr'), { threshold: '65,5', cureDays: '400' });
    expect(covenantsBody(values).errors).toEqual({
      'covenants.0.threshold': 'Enter the threshold in %, for example 65',
      'covenants.0.cureDays': 'Enter whole days from 0 to 365',
    });
  });

  it("covenantFieldErrors puts the server's index of the body sent back on the form's row of that kind", () => {
    const values = covenantValuesOf([]);
    values.covenants[5]!.isSet = true; // interest cover, the only one sent
    const sent = covenantsBody(values).body!;
    expect(
      covenantFieldErrors(
        [
          {
            field: 'covenants.0.threshold',
            message: 'threshold of interest_cover must be between 0 and 1000000 (bps)',
          },
        ],
        sent,
        values,
      ),
    ).toEqual({ 'covenants.5.threshold': 'threshold of interest_cover must be between 0 and 1000000 (bps)' });
  });

  it('presale and variation settings: percent to bps, months whole, dollars to cents; an empty variation field is not sent', () => {
    expect(
      presaleSettingsBody({ minDeposit: '12.5', maxBondShare: '35', bondMonths: '1', sunsetMonths: '6' }),
    ).toEqual({
      errors: null,
      body: {
        min_deposit_bps: 1250,
        max_bond_share_bps: 3500,
        bond_months_after_sunset: 1,
        sunset_months_after_completion: 6,
      },
    });
    expect(
      presaleSettingsBody({ minDeposit: '101', maxBondShare: 'x', bondMonths: '1.5', sunsetMonths: '61' })
        .errors,
    ).toEqual({
      minDeposit: 'Enter a percentage from 0 to 100, for example 10',
      maxBondShare: 'Enter a percentage from 0 to 100, for example 10',
      bondMonths: 'Enter whole months from 0 to 60',
      sunsetMonths: 'Enter whole months from 0 to 60',
    });
    // 0.1 + 0.2 style drift cannot happen: the text is read as digits.
    expect(variationSettingsBody({ threshold: '250,000.29', defectsMonths: '' })).toEqual({
      errors: null,
      body: { variation_consent_threshold_cents: 25_000_029 },
    });
    expect(variationSettingsBody({ threshold: '', defectsMonths: '' }).errors).toEqual({
      threshold: 'Enter the threshold, the defects liability period or both',
    });
  });
});

describe('CovenantSettingsForm', { timeout: SCREEN_TIMEOUT_MS }, () => {
  it('a threshold a person must fix is shown before anything is sent; then the PUT carries bps, and the server’s field refusal sits under that field', async () => {
    show(<CovenantSettingsForm facilityId={FACILITY} current={[lvr]} />);
    api.server.script();
    const threshold = screen.getByLabelText('Loan to value (LVR): At most (%)');
    expect((threshold as HTMLInputElement).value).toBe('65');
    fireEvent.change(threshold, { target: { value: 'sixty' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the covenants' }));
    await waitFor(() => expect(describedBy(threshold)).toContain('Enter the threshold in %, for example 65'));
    expect(api.server.received).toEqual([]);

    fireEvent.change(threshold, { target: { value: '250' } });
    fireEvent.click(screen.getByLabelText('Presale cover'));
    fireEvent.change(screen.getByLabelText('Presale cover: At least (% of the limit)'), {
      target: { value: '80' },
    });
    api.server.script({
      status: 400,
      body: {
        error: 'threshold of lvr must be between 1 and 20000 (bps)',
        code: 'VALIDATION',
        details: [
          { field: 'covenants.0.threshold', message: 'threshold of lvr must be between 1 and 20000 (bps)' },
        ],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save the covenants' }));
    await waitFor(() =>
      expect(describedBy(screen.getByLabelText('Loan to value (LVR): At most (%)'))).toContain(
        'threshold of lvr must be between 1 and 20000 (bps)',
      ),
    );
    const put = api.server.received[0]!;
    expect([put.method, put.url]).toEqual(['PUT', `/api/facilities/${FACILITY}/covenants`]);
    expect(put.key).toBeTruthy();
    expect(JSON.parse(put.body)).toEqual({
      covenants: [
        { kind: 'lvr', threshold: 25_000, frequency: 'monthly', cure_days: 30 },
        { kind: 'presale_cover', threshold: 8000, frequency: 'monthly', cure_days: 30 },
      ],
    });
  });

  it("a refusal about the whole set (409: a breached covenant cannot be removed) is shown above the form in the server's words", async () => {
    show(<CovenantSettingsForm facilityId={FACILITY} current={[lvr]} />);
    fireEvent.click(screen.getByLabelText('Loan to value (LVR)'));
    api.server.script({
      status: 409,
      body: { error: 'Loan to value (LVR) has an open breach and cannot be removed' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save the covenants' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Loan to value (LVR) has an open breach and cannot be removed',
      ),
    );
    expect(JSON.parse(api.server.received[0]!.body)).toEqual({ covenants: [] });
  });
});

describe('PresaleSettingsForm', { timeout: SCREEN_TIMEOUT_MS }, () => {
  const current = {
    min_deposit_bps: 1000,
    max_bond_share_bps: 3500,
    bond_months_after_sunset: 1,
    sunset_months_after_completion: 6,
  };

  it('shows the thresholds in percent and months, sends basis points, and puts a field refusal under its field', async () => {
    show(<PresaleSettingsForm facilityId={FACILITY} current={current} />);
    const deposit = screen.getByLabelText('Minimum deposit (% of the price)') as HTMLInputElement;
    expect(deposit.value).toBe('10');
    fireEvent.change(deposit, { target: { value: '150' } });
    api.server.script();
    fireEvent.click(screen.getByRole('button', { name: 'Save the presale thresholds' }));
    await waitFor(() => expect(describedBy(deposit)).toContain('Enter a percentage from 0 to 100'));
    expect(api.server.received).toEqual([]);

    fireEvent.change(deposit, { target: { value: '7.5' } });
    api.server.script({
      status: 400,
      body: {
        error: 'sunset_months_after_completion is at most 60',
        details: [
          {
            field: 'sunset_months_after_completion',
            message: 'sunset_months_after_completion is at most 60',
          },
        ],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save the presale thresholds' }));
    const sunset = screen.getByLabelText('The sunset date follows completion by (months)');
    await waitFor(() =>
      expect(describedBy(sunset)).toContain('sunset_months_after_completion is at most 60'),
    );
    const put = api.server.received[0]!;
    expect([put.method, put.url]).toEqual(['PUT', `/api/facilities/${FACILITY}/presale-settings`]);
    expect(JSON.parse(put.body)).toEqual({
      min_deposit_bps: 750,
      max_bond_share_bps: 3500,
      bond_months_after_sunset: 1,
      sunset_months_after_completion: 6,
    });
  });
});

describe('VariationSettingsForm', { timeout: SCREEN_TIMEOUT_MS }, () => {
  it('sends the threshold typed in dollars as cents (PATCH, only what was typed) and says the new threshold', async () => {
    show(
      <VariationSettingsForm
        facilityId={FACILITY}
        current={{ defects_liability_months: 12 }}
        hasCompletion={false}
      />,
    );
    expect(screen.getByTestId('consent-threshold').textContent).toContain('cannot be read here yet');
    fireEvent.change(screen.getByLabelText('Defects liability period (months)'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Lender consent above (AUD)'), {
      target: { value: '$50,000.01' },
    });
    api.server.script({
      status: 200,
      body: { variation_consent_threshold_cents: 5_000_001, defects_liability_months: 12 },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save the variation settings' }));
    await waitFor(() =>
      expect(screen.getByTestId('consent-threshold').textContent).toBe(
        'Lender consent is needed for a variation above $50,000.01.',
      ),
    );
    const patch = api.server.received[0]!;
    expect([patch.method, patch.url]).toEqual(['PATCH', `/api/facilities/${FACILITY}/variation-settings`]);
    expect(patch.key).toBeTruthy();
    expect(JSON.parse(patch.body)).toEqual({ variation_consent_threshold_cents: 5_000_001 });
  });

  it("a 409 (the facility is repaid) is shown in the server's words; once practical completion is recorded the period is fixed", async () => {
    show(
      <VariationSettingsForm
        facilityId={FACILITY}
        current={{ variation_consent_threshold_cents: 10_000_000, defects_liability_months: 12 }}
        hasCompletion
      />,
    );
    expect((screen.getByLabelText('Defects liability period (months)') as HTMLInputElement).disabled).toBe(
      true,
    );
    fireEvent.change(screen.getByLabelText('Lender consent above (AUD)'), { target: { value: '120000' } });
    api.server.script({ status: 409, body: { error: 'This facility is repaid and can no longer change' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the variation settings' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'This facility is repaid and can no longer change',
      ),
    );
    expect(JSON.parse(api.server.received[0]!.body)).toEqual({
      variation_consent_threshold_cents: 12_000_000,
    });
  });
});
