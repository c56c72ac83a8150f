import { undertakingMessages } from '@plinth/domain/undertaking';
import { describe, expect, it } from 'vitest';
import { signUndertaking } from '../src/components/undertaking/undertaking-fields';

// The undertaking form checks the typed name with the server's own rule (issue 29 finding 5), so a
// name the server would refuse is refused on the form with the same words, before anything is sent.

const draft = (fullName: string) => ({ accepted: true, fullName });

describe('signUndertaking (the undertaking form)', () => {
  it('a name of invisible characters only is "type your full name"', () => {
    for (const name of ['\u200B', '\u3164', '\u2800\u2800', '\u0301', '  ']) {
      expect(signUndertaking(draft(name), 1), JSON.stringify(name)).toEqual({
        errors: { fullName: undertakingMessages.fullNameRequired },
      });
    }
  });

  it('one letter is refused with the letters message; too long with the length message', () => {
    expect(signUndertaking(draft('J\u200B'), 1)).toEqual({
      errors: { fullName: undertakingMessages.fullNameLetters },
    });
    expect(signUndertaking(draft('a'.repeat(201)), 1)).toEqual({
      errors: { fullName: undertakingMessages.fullNameTooLong },
    });
  });

  it('sends the name normalised, as the server stores it', () => {
    expect(signUndertaking(draft(' Ｆiona\u200B  Funder '), 3)).toEqual({
      input: { accepted: true, full_name: 'Fiona Funder', version: 3 },
    });
  });
});
