import { describe, expect, it } from 'vitest';
import {
  checkProfile,
  isAbn,
  isAustralianPhone,
  joinIssues,
  profileBody,
  stripSpaces,
} from '../src/onboarding';
import { borrowerBody, funderBody, issuesFor } from './support/onboarding-bodies';

// Onboarding's whole-profile checks: joinIssues, checkProfile, the profileBody schema and the
// phone and ABN helpers.

describe('joinIssues', () => {
  it("joinIssues: with several issues joins their messages with ', ' in order", () => {
    expect(joinIssues(issuesFor('borrower', {}))).toBe(
      'Company name is required, Phone number is required, ABN is required, Company type is required',
    );
  });

  it('joinIssues: with one issue returns its message alone', () => {
    expect(joinIssues([{ field: 'abn', message: 'Invalid ABN format' }])).toBe('Invalid ABN format');
  });

  it('joinIssues: with no issues returns an empty string', () => {
    expect(joinIssues([])).toBe('');
  });
});

describe('checkProfile', () => {
  it('checkProfile (borrower): with a valid body strips spaces from phone and ABN', () => {
    const result = checkProfile('borrower', profileBody.parse(borrowerBody()));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.profile.phone).toBe('0412345678');
    expect(result.profile.abn).toBe('51824753556');
  });

  it('checkProfile (borrower): with funder fields given stores them as null', () => {
    const result = checkProfile(
      'borrower',
      profileBody.parse(
        borrowerBody({
          investment_focus: 'Residential Development',
          typical_deal_size_min: 1,
          typical_deal_size_max: 2,
          years_experience: 3,
          aum: 4,
        }),
      ),
    );
    expect(result).toEqual({
      ok: true,
      profile: {
        company_name: 'Harbour Developments',
        company_type: 'Developer',
        phone: '0412345678',
        abn: '51824753556',
        linkedin: null,
        bio: null,
        investment_focus: null,
        typical_deal_size_min: null,
        typical_deal_size_max: null,
        years_experience: null,
        aum: null,
      },
    });
  });

  it('checkProfile (funder): with a valid body keeps the funder fields and normalises the rest', () => {
    const result = checkProfile(
      'funder',
      profileBody.parse(
        funderBody({
          company_name: '  Southern Cross Capital  ',
          linkedin: '  https://www.linkedin.com/company/scc  ',
          bio: '  We lend.  ',
          aum: 250_000_000,
        }),
      ),
    );
    expect(result).toEqual({
      ok: true,
      profile: {
        company_name: 'Southern Cross Capital',
        company_type: 'Private Credit Fund',
        phone: '+61298765432',
        abn: '51824753556',
        linkedin: 'https://www.linkedin.com/company/scc',
        bio: 'We lend.',
        investment_focus: 'Residential Development',
        typical_deal_size_min: 1_000_000,
        typical_deal_size_max: 5_000_000,
        years_experience: 12,
        aum: 250_000_000,
      },
    });
  });

  it('checkProfile (funder): without aum stores aum as null', () => {
    const result = checkProfile('funder', profileBody.parse(funderBody()));
    expect(result.ok && result.profile.aum).toBeNull();
  });

  it('checkProfile (borrower): with a bio of only spaces stores bio as null', () => {
    const result = checkProfile('borrower', profileBody.parse(borrowerBody({ bio: '   ' })));
    expect(result.ok && result.profile.bio).toBeNull();
  });

  it('checkProfile (funder): with broken rules returns the issues and no profile', () => {
    const result = checkProfile(
      'funder',
      profileBody.parse(funderBody({ phone: '041234567', years_experience: -1 })),
    );
    expect(result).toEqual({
      ok: false,
      issues: [
        { field: 'phone', message: 'Invalid phone number format' },
        { field: 'years_experience', message: 'Years of experience must be between 0 and 100' },
      ],
    });
  });
});

describe('profileBody', () => {
  it('profileBody: with a valid funder body parses', () => {
    expect(profileBody.safeParse(funderBody()).success).toBe(true);
  });

  it('profileBody: with an empty object parses (the rules, not the shape, report missing fields)', () => {
    expect(profileBody.safeParse({}).success).toBe(true);
  });

  it('profileBody: with an unknown key fails', () => {
    const result = profileBody.safeParse({ ...borrowerBody(), role: 'admin' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it.each([
    ['a numeric phone', { phone: 412345678 }],
    ['a numeric ABN', { abn: 51824753556 }],
    ['a numeric company name', { company_name: 42 }],
    ['a string deal size', { typical_deal_size_min: '1000000' }],
    ['a fractional deal size', { typical_deal_size_max: 1.5 }],
    ['a string years of experience', { years_experience: '12' }],
    ['a boolean aum', { aum: true }],
    ['an array bio', { bio: ['hello'] }],
  ])('profileBody: with %s fails', (_, overrides) => {
    expect(profileBody.safeParse({ ...funderBody(), ...overrides }).success).toBe(false);
  });

  it("profileBody: with an ABN longer than 14 characters fails with 'Invalid ABN format'", () => {
    const result = profileBody.safeParse(borrowerBody({ abn: '51 824 753 5566' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Invalid ABN format');
  });

  it('profileBody: with an ABN of exactly 14 characters parses', () => {
    expect(profileBody.safeParse(borrowerBody({ abn: '51 824 753 556' })).success).toBe(true);
  });

  it('profileBody: with a blank LinkedIn value turns it into null', () => {
    expect(profileBody.parse(borrowerBody({ linkedin: '  ' })).linkedin).toBeNull();
  });
});

describe('phone and ABN helpers', () => {
  it('stripSpaces: removes every kind of whitespace', () => {
    expect(stripSpaces(' 04 12\t345\n678 ')).toBe('0412345678');
  });

  it.each([
    ['0412 345 678', true],
    ['+61 2 9876 5432', true],
    ['02 9876 5432', true],
    ['0512345678', false],
    ['041234567', false],
    ['+6141234567', false],
    ['abcdefghij', false],
  ])("isAustralianPhone: with '%s' returns %s", (phone, expected) => {
    expect(isAustralianPhone(phone)).toBe(expected);
  });

  it.each([
    ['51 824 753 556', true],
    ['51824753556', true],
    ['5182475355', false],
    ['518247535561', false],
    ['', false],
  ])("isAbn: with '%s' returns %s", (abn, expected) => {
    expect(isAbn(abn)).toBe(expected);
  });
});
