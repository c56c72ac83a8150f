import { Alert, Button, Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useAddPresale } from '../api/presales-api';
import { type PresaleFormValues, presaleBody } from '../utils/presale-form';
import { textOn } from '../utils/text-colors';

const empty: PresaleFormValues = {
  lot: '',
  purchaser_name: '',
  price: '',
  deposit: '',
  deposit_form: 'cash',
  bond_expiry: '',
  related_party: false,
  exchanged_on: '',
  sunset_on: '',
};

/** The developer adds a presale contract to the register; the server's refusals in its words. */
export function PresaleAddForm({ facilityId }: { facilityId: string }) {
  const add = useAddPresale(facilityId);
  const [v, setV] = useState<PresaleFormValues>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof PresaleFormValues, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = (k: keyof PresaleFormValues) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setV({ ...v, [k]: e.currentTarget.value });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = presaleBody(v);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setRefusal(null);
    try {
      await add.mutateAsync(parsed.body);
      setV(empty);
    } catch (e) {
      setRefusal(e instanceof Error ? e.message : 'The presale could not be added');
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add a presale">
      <Group align="flex-start" gap="sm">
        <TextInput label="Lot" value={v.lot} onChange={set('lot')} error={errors.lot} w={90} />
        <TextInput
          label="Purchaser"
          value={v.purchaser_name}
          onChange={set('purchaser_name')}
          error={errors.purchaser_name}
          w={180}
        />
        <TextInput
          label="Price ex GST (AUD)"
          value={v.price}
          onChange={set('price')}
          error={errors.price}
          inputMode="decimal"
          w={150}
        />
        <TextInput
          label="Deposit (AUD)"
          value={v.deposit}
          onChange={set('deposit')}
          error={errors.deposit}
          inputMode="decimal"
          w={130}
        />
        <NativeSelect
          label="Deposit form"
          value={v.deposit_form}
          onChange={set('deposit_form')}
          data={[
            { value: 'cash', label: 'Cash' },
            { value: 'bond', label: 'Deposit bond' },
          ]}
          w={140}
        />
        {v.deposit_form === 'bond' && (
          <TextInput
            label="Bond expiry"
            type="date"
            value={v.bond_expiry}
            onChange={set('bond_expiry')}
            error={errors.bond_expiry}
            w={160}
          />
        )}
        <TextInput
          label="Exchanged on"
          type="date"
          value={v.exchanged_on}
          onChange={set('exchanged_on')}
          error={errors.exchanged_on}
          w={160}
        />
        <TextInput
          label="Sunset date"
          type="date"
          value={v.sunset_on}
          onChange={set('sunset_on')}
          error={errors.sunset_on}
          w={160}
        />
        <Checkbox
          mt={30}
          label="Related party"
          checked={v.related_party}
          onChange={(e) => setV({ ...v, related_party: e.currentTarget.checked })}
        />
        <Button type="submit" mt={24} loading={add.isPending}>
          Add the presale
        </Button>
      </Group>
      {refusal && (
        <Alert color="red" variant="light" role="alert" mt="xs" c={textOn.red}>
          {refusal}
        </Alert>
      )}
    </form>
  );
}
