import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Facility } from '@plinth/domain/facilities';
import { applicableRateBps, facilityTransitions } from '@plinth/domain/facility/facility-machine';
import { useState } from 'react';
import { calendarDay } from '../../../lib/format';
import { FieldRefusal } from '../api/api-with-details';
import { useCureDefault, useDeclareDefault } from '../api/facility-default-api';
import { checkDefaultForm, type DefaultFormValues, REASON_MAX } from '../utils/default-form';
import { aud, day } from '../utils/money';
import { bpsToPercent } from '../utils/rates';
import { textOn } from '../utils/text-colors';

type Move = 'declare_default' | 'cure';

/** What the dialog says the move does, from the facility's own terms and the day chosen. */
export function moveWords(
  facility: Pick<Facility, 'interest_rate_bps' | 'default_margin_bps'>,
  move: Move,
  on: string,
) {
  const base = bpsToPercent(applicableRateBps('active', facility));
  const inDefault = bpsToPercent(applicableRateBps('in_default', facility));
  const from = on ? day(on) : 'the day you give';
  if (move === 'cure')
    return `The facility returns to Active. Interest is at the base rate of ${base} p.a. again from ${from}; the days before keep the default rate. Draws can move again.`;
  return facility.default_margin_bps > 0
    ? `The facility goes into default. The default margin of ${bpsToPercent(facility.default_margin_bps)} applies to interest from ${from}: ${inDefault} p.a. instead of ${base}, until you cure it. Draws stop moving while it is in default.`
    : `The facility goes into default from ${from}. It has no default margin, so interest stays at ${base} p.a. Draws stop moving while it is in default.`;
}

/** The interest the server restated on days already accrued (a default or a cure dated in the past). */
export function restatedWords(cents: number) {
  if (cents > 0) return ` ${aud(cents)} of interest already accrued is now charged at the default rate.`;
  if (cents < 0) return ` ${aud(-cents)} of default interest already accrued is given back.`;
  return '';
}

const copy = {
  declare_default: {
    button: 'Declare a default',
    title: 'Declare an event of default?',
    confirm: 'Declare the default',
    dateLabel: 'In default from',
    field: 'declared_on',
    done: 'The facility is in default',
  },
  cure: {
    button: 'Cure the default',
    title: 'Cure the default?',
    confirm: 'Cure the default',
    dateLabel: 'Cured on',
    field: 'cured_on',
    done: 'The default is cured',
  },
} as const;

function MoveDialog({ facility, move, onClose }: { facility: Facility; move: Move; onClose: () => void }) {
  const declare = useDeclareDefault(facility.id);
  const cure = useCureDefault(facility.id);
  const mutation = move === 'cure' ? cure : declare;
  const words = copy[move];
  const today = calendarDay();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<DefaultFormValues>({ initialValues: { reason: '', on: today } });

  const submit = form.onSubmit(async (values) => {
    setBanner(null);
    const checked = checkDefaultForm(values, today);
    form.setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    try {
      const result =
        move === 'cure'
          ? await cure.mutateAsync({ reason: checked.reason, cured_on: checked.on })
          : await declare.mutateAsync({ reason: checked.reason, declared_on: checked.on });
      const restated = restatedWords(result?.interest_adjusted_cents ?? 0);
      notifications.show({
        color: move === 'cure' ? 'green' : 'red',
        title: words.done,
        message: `${moveWords(facility, move, checked.on)}${restated}`,
      });
      onClose();
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The facility could not change';
      const errors: Record<string, string> = {};
      if (error instanceof FieldRefusal)
        for (const d of error.details) {
          if (d.field === 'reason') errors.reason = d.message;
          if (d.field === words.field) errors.on = d.message;
        }
      form.setErrors(errors);
      if (Object.keys(errors).length === 0) setBanner(message);
    }
  });

  return (
    <Modal opened onClose={() => !mutation.isPending && onClose()} title={words.title} centered>
      <form onSubmit={submit} noValidate aria-label={words.title}>
        <Stack gap="md">
          <Text fz="sm" data-testid="default-consequence">
            {moveWords(facility, move, form.values.on)}
          </Text>
          <Textarea
            label="Reason"
            description={`Told to the developer; up to ${REASON_MAX} characters`}
            autosize
            minRows={3}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <TextInput label={words.dateLabel} type="date" max={today} w={200} {...form.getInputProps('on')} />
          {banner && (
            <Alert role="alert" color="red" variant="light" c={textOn.red}>
              {banner}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" color={move === 'cure' ? undefined : 'red.9'} loading={mutation.isPending}>
              {words.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The funder's Declare a default (active) or Cure the default (in default), each behind a dialog that
 * says what it does to interest (decision 072). The facility machine says which one is offered; the
 * server is the judge and its refusal (409) is shown in the dialog in its words.
 */
export function DefaultCurePanel({ facility }: { facility: Facility }) {
  const [move, setMove] = useState<Move | null>(null);
  if (facility.my_role !== 'funder') return null;
  const offered = (['declare_default', 'cure'] as const).filter((m) =>
    (facilityTransitions[m].from as readonly string[]).includes(facility.status),
  );
  if (offered.length === 0) return null;
  return (
    <>
      <Group gap="sm">
        {offered.map((m) => (
          <Button
            key={m}
            variant={m === 'cure' ? 'filled' : 'outline'}
            color={m === 'cure' ? undefined : 'red.9'}
            size="xs"
            onClick={() => setMove(m)}
          >
            {copy[m].button}
          </Button>
        ))}
      </Group>
      {move && <MoveDialog facility={facility} move={move} onClose={() => setMove(null)} />}
    </>
  );
}
