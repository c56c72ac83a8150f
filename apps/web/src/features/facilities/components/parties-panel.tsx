import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { type AddPartyInput, useAddParty } from '../api/add-party';
import { useParties } from '../api/get-parties';
import { day } from '../utils/money';
import { ScrollTable } from './scroll-table';

const partyRoleLabels: Record<string, string> = {
  developer: 'Developer',
  funder: 'Funder',
  co_funder: 'Co-funder',
  surveyor: 'Quantity surveyor',
};

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * The facility's parties and open invitations; the funder appoints the quantity surveyor or adds a
 * co-funder by e-mail (decision 055). Someone already signed up with that role joins at once; anyone
 * else is e-mailed a sign-up link. The server's refusals (another role, invited twice) show as said.
 */
export function PartiesPanel({ facilityId, canInvite }: { facilityId: string; canInvite: boolean }) {
  const parties = useParties(facilityId);
  const add = useAddParty(facilityId);
  const [role, setRole] = useState<AddPartyInput['role']>('surveyor');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!looksLikeEmail(address)) {
      setEmailError('Enter a valid e-mail address');
      return;
    }
    setEmailError(null);
    add.mutate(
      { role, email: address },
      {
        onSuccess: (result) => {
          setEmail('');
          notifications.show({
            color: 'green',
            title: result.status === 'added' ? 'Added to the facility' : 'Invitation sent',
            message:
              result.status === 'added'
                ? `${result.party?.name ?? address} is now a party to the facility.`
                : `${address} was e-mailed a link to sign up and join.`,
          });
        },
      },
    );
  };

  const data = parties.data;
  const openInvites = data?.invites.filter((i) => i.accepted_at === null) ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="facility-parties">
      <Title order={2} fz="lg" id="facility-parties">
        Parties
      </Title>
      {parties.isError && (
        <Alert color="red" variant="light" c="red.9">
          {parties.error.message}
        </Alert>
      )}
      {data && (
        <ScrollTable label={'Parties'} minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Role</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>E-mail</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.parties.map((p) => (
                <Table.Tr key={p.user_id}>
                  <Table.Td>{partyRoleLabels[p.role] ?? p.role}</Table.Td>
                  <Table.Td>
                    {p.name}
                    {p.company_name ? ` (${p.company_name})` : ''}
                  </Table.Td>
                  <Table.Td>{p.email}</Table.Td>
                </Table.Tr>
              ))}
              {openInvites.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{partyRoleLabels[i.role] ?? i.role}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="yellow" c="dark.7">
                      Invited {day(i.created_at)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{i.email}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {data &&
        !data.parties.some((p) => p.role === 'surveyor') &&
        openInvites.every((i) => i.role !== 'surveyor') && (
          <Text fz="sm" c="gray.7">
            No quantity surveyor yet: each claim is certified by the surveyor before the funder decides.
          </Text>
        )}
      {canInvite && (
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            {add.error && (
              <Alert role="alert" color="red" variant="light" c="red.9" title="Not invited">
                {add.error.message}
              </Alert>
            )}
            <Group align="flex-start" gap="sm">
              <NativeSelect
                label="Invite as"
                value={role}
                onChange={(e) => setRole(e.currentTarget.value as AddPartyInput['role'])}
                data={[
                  { value: 'surveyor', label: 'Quantity surveyor' },
                  { value: 'co_funder', label: 'Co-funder' },
                ]}
                w={200}
              />
              <TextInput
                label="E-mail address"
                type="email"
                value={email}
                error={emailError}
                onChange={(e) => setEmail(e.currentTarget.value)}
                w={300}
              />
              <Button type="submit" mt={25} loading={add.isPending}>
                Send invitation
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
