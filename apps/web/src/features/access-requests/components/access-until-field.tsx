import { TextInput } from '@mantine/core';
import { accessUntilIssue, accessUntilMessages, accessUntilRange } from '@plinth/domain/access-dates';
import { useState } from 'react';

/**
 * 'Access until (optional)' as the server takes it (access-dates.ts): a real day, today (Sydney) to
 * three years ahead. `check()` shows the issue and says whether the day may be sent.
 */
export function useAccessUntil() {
  const [value, setValue] = useState('');
  // A date input reports a day it cannot read (30 February typed by hand) as '' with badInput set:
  // that must not pass for 'no end'.
  const [isUnreadable, setIsUnreadable] = useState(false);
  const [showIssue, setShowIssue] = useState(false);
  const range = accessUntilRange();
  const issue = isUnreadable
    ? accessUntilMessages.notADate
    : value
      ? accessUntilIssue(value, range.min)
      : null;
  return {
    value: value || null,
    check: () => {
      setShowIssue(true);
      return issue === null;
    },
    input: (
      <TextInput
        type="date"
        label="Access until (optional)"
        description="Access lapses at the end of that day (Sydney time), at most 3 years ahead"
        min={range.min}
        max={range.max}
        value={value}
        error={showIssue ? issue : null}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setIsUnreadable(event.currentTarget.validity.badInput);
        }}
        onBlur={() => setShowIssue(true)}
        size="sm"
      />
    ),
  };
}
