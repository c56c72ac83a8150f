import { ADMIN_PERSON_PARAM } from '@plinth/domain/routes';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAdminUser } from '../api/get-admin-user';

/**
 * The person a link names (/admin?tab=users&user={id}, from the override history), for the details
 * drawer. Closing takes the parameter off the address; the person is kept while the drawer closes,
 * so its text does not vanish mid-animation.
 */
export function useLinkedPerson() {
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get(ADMIN_PERSON_PARAM);
  const [shownId, setShownId] = useState(linkedId);
  // A new link replaces the person shown (state adjusted while rendering, not in an effect).
  if (linkedId !== null && linkedId !== shownId) setShownId(linkedId);
  const person = useAdminUser(shownId);

  const close = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ADMIN_PERSON_PARAM);
        return next;
      },
      { replace: true },
    );

  return {
    person: person.data ?? null,
    isOpen: linkedId !== null && person.data !== undefined,
    hasFailed: linkedId !== null && person.isError,
    close,
  };
}
