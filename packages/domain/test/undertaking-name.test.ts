import { describe, expect, it } from 'vitest';
import {
  isSignerAccountName,
  normaliseSignerName,
  signedAsLine,
  signerNameIssue,
  UNDERTAKING_NAME_MAX_LENGTH,
  undertakingAcceptance,
  undertakingMessages,
} from '../src/undertaking';

// Issue 29 finding 5: the name typed to sign the undertaking is a signature, so it must be made of
// visible letters: normalised (NFKC, invisible and format characters removed, blanks collapsed),
// at least two letters, at most 200 characters.

const sign = (full_name: string) => undertakingAcceptance.safeParse({ accepted: true, full_name });
const messagesOf = (result: ReturnType<typeof sign>) => result.error?.issues.map((i) => i.message) ?? [];

describe('normaliseSignerName', () => {
  it('keeps an ordinary name as typed, trimmed and with its spaces collapsed', () => {
    expect(normaliseSignerName('  Jane   Citizen ')).toBe('Jane Citizen');
    expect(normaliseSignerName("Seán O'Brien-Núñez")).toBe("Seán O'Brien-Núñez");
    expect(normaliseSignerName('李小龍')).toBe('李小龍');
  });

  it('NFKC: full-width letters become plain ones, a letter and its accent one character', () => {
    expect(normaliseSignerName('Ｊａｎｅ')).toBe('Jane');
    expect(normaliseSignerName('Rene\u0301')).toBe('René');
    expect(normaliseSignerName('Rene\u0301').length).toBe(4);
  });

  it('removes format and invisible characters wherever they are', () => {
    for (const invisible of [
      '\u200B', // zero width space (Cf)
      '\u200C', // zero width non-joiner
      '\u200D', // zero width joiner
      '\u2060', // word joiner
      '\uFEFF', // byte order mark
      '\u00AD', // soft hyphen
      '\u202E', // right-to-left override
      '\u3164', // Hangul filler (a 'letter' that prints as nothing)
      '\uFFA0', // half-width Hangul filler
      '\u115F', // Hangul choseong filler
      '\u1160', // Hangul jungseong filler
      '\u2800', // braille pattern blank
      '\u034F', // combining grapheme joiner
      '\uFE0F', // variation selector
      '\u180E', // Mongolian vowel separator
      '\u0007', // a control character
    ]) {
      expect(
        normaliseSignerName(`Ja${invisible}ne${invisible}`),
        invisible.codePointAt(0)!.toString(16),
      ).toBe('Jane');
    }
  });

  it('turns every other blank into a plain space, then collapses them', () => {
    expect(normaliseSignerName('Jane\u00A0\u2003\u3000\u1680Citizen')).toBe('Jane Citizen');
    expect(normaliseSignerName('Jane\tCitizen\n')).toBe('Jane Citizen');
  });

  it('drops combining marks with no letter to sit on', () => {
    expect(normaliseSignerName('\u0301')).toBe('');
    expect(normaliseSignerName('\u0301\u0308 Jane')).toBe('Jane');
    expect(normaliseSignerName('Jane \u0301Citizen')).toBe('Jane Citizen');
    expect(normaliseSignerName('\u200B\u0301')).toBe('');
  });
});

describe('signerNameIssue and the undertaking schema', () => {
  it('a name of nothing visible is "type your full name"', () => {
    for (const name of [
      '',
      '   ',
      '\u200B',
      '\u200B\u200B\u200B',
      '\u3164',
      '\u3164 \u3164',
      '\u2800\u2800',
      '\u0301',
      '\uFEFF\u00AD',
    ]) {
      expect(signerNameIssue(normaliseSignerName(name)), JSON.stringify(name)).toBe(
        undertakingMessages.fullNameRequired,
      );
      expect(messagesOf(sign(name)), JSON.stringify(name)).toEqual([undertakingMessages.fullNameRequired]);
    }
  });

  it('fewer than two letters is refused', () => {
    for (const name of ['J', 'J.', '1', '12345', '-- -', 'J \u200B', '😀😀']) {
      expect(messagesOf(sign(name)), name).toEqual([undertakingMessages.fullNameLetters]);
    }
    expect(sign('Jo').success).toBe(true);
    expect(sign('李龍').success).toBe(true);
  });

  it('at most 200 characters once normalised', () => {
    expect(messagesOf(sign('a'.repeat(UNDERTAKING_NAME_MAX_LENGTH + 1)))).toEqual([
      undertakingMessages.fullNameTooLong,
    ]);
    expect(sign('a'.repeat(UNDERTAKING_NAME_MAX_LENGTH)).success).toBe(true);
    // Invisible padding does not count, and does not make it through.
    const padded = sign(`${'\u200B'.repeat(300)}Jane Citizen`);
    expect(padded.success).toBe(true);
    expect(padded.data?.full_name).toBe('Jane Citizen');
  });

  it('answers the normalised name, which is what is stored and printed', () => {
    expect(sign('  Ｊａｎｅ\u200B  Citizen ').data?.full_name).toBe('Jane Citizen');
  });
});

describe("the signer's account name", () => {
  it('matches when the same once normalised, whatever the case and spacing', () => {
    expect(isSignerAccountName('jane  CITIZEN', 'Jane Citizen')).toBe(true);
    expect(isSignerAccountName('Jane\u200B Citizen', 'Jane Citizen')).toBe(true);
    expect(isSignerAccountName('Ｊａｎｅ Citizen', 'Jane Citizen')).toBe(true);
  });

  it('differs otherwise, and an unknown account name is not a difference to report', () => {
    expect(isSignerAccountName('Dana Developer', 'Fiona Funder')).toBe(false);
    expect(isSignerAccountName('Jane Citizen', null)).toBe(true);
  });

  it('the line that says so names both', () => {
    expect(signedAsLine({ full_name: 'Dana Developer', account_name: 'Fiona Funder' })).toBe(
      "Signed as 'Dana Developer' by account holder Fiona Funder (name differs from the account)",
    );
    expect(signedAsLine({ full_name: 'Fiona Funder', account_name: 'fiona funder' })).toBeNull();
    expect(signedAsLine({ full_name: 'Fiona Funder', account_name: null })).toBeNull();
  });
});
