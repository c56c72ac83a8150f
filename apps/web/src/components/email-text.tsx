import { Fragment } from 'react';

/**
 * An e-mail address that wraps only where a reader expects: after the '@' and before each dot,
 * never in the middle of a name (issue 8: addresses broke mid-word on the admin's funder cards).
 * A single part wider than its box still breaks rather than overflowing.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <span style={{ overflowWrap: 'break-word', wordBreak: 'normal' }}>
      {parts.map((part, index) => (
        // The parts of one address never reorder, so their index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
