import { describe, expect, it } from 'vitest';
import { investmentFocuses } from '../src/onboarding';
import { borrowerBody, funderBody, issuesFor, messagesFor } from './support/onboarding-bodies';

// Onboarding's funder-only fields (investment focus, deal sizes, experience) and the order in
// which a profile's issues are listed.

describe('profileIssues: funder-only fields', () => {
  it('profileIssues (borrower): without any funder fields has no issues', () => {
    expect(
      issuesFor(
        'borrower',
        borrowerBody({
          investment_focus: undefined,
          typical_deal_size_min: undefined,
          typical_deal_size_max: undefined,
          years_experience: undefined,
        }),
      ),
    ).toEqual([]);
  });

  it('profileIssues (borrower): with invalid funder fields ignores them', () => {
    expect(
      issuesFor(
        'borrower',
        borrowerBody({
          investment_focus: 'Crypto',
          typical_deal_size_min: 5,
          typical_deal_size_max: 5,
          years_experience: 101,
        }),
      ),
    ).toEqual([]);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
  ])(
    "profileIssues (funder): with investment focus %s reports 'Investment focus is required'",
    (_, value) => {
      expect(issuesFor('funder', funderBody({ investment_focus: value }))).toEqual([
        { field: 'investment_focus', message: 'Investment focus is required' },
      ]);
    },
  );

  it.each([...investmentFocuses])(
    "profileIssues (funder): accepts the listed investment focus '%s'",
    (focus) => {
      expect(issuesFor('funder', funderBody({ investment_focus: focus }))).toEqual([]);
    },
  );

  it('profileIssues (funder): with an investment focus not on the list reports it as not listed', () => {
    expect(issuesFor('funder', funderBody({ investment_focus: 'Crypto' }))).toEqual([
      { field: 'investment_focus', message: 'Investment focus is not one of the listed options' },
    ]);
  });

  it("profileIssues (funder): without a minimum deal size reports 'Minimum deal size is required'", () => {
    expect(issuesFor('funder', funderBody({ typical_deal_size_min: null }))).toEqual([
      { field: 'typical_deal_size_min', message: 'Minimum deal size is required' },
    ]);
  });

  it("profileIssues (funder): without a maximum deal size reports 'Maximum deal size is required'", () => {
    expect(issuesFor('funder', funderBody({ typical_deal_size_max: undefined }))).toEqual([
      { field: 'typical_deal_size_max', message: 'Maximum deal size is required' },
    ]);
  });

  it('profileIssues (funder): without both deal sizes reports both, minimum first', () => {
    expect(
      messagesFor('funder', funderBody({ typical_deal_size_min: null, typical_deal_size_max: null })),
    ).toEqual(['Minimum deal size is required', 'Maximum deal size is required']);
  });

  it('profileIssues (funder): with maximum equal to minimum reports the order message', () => {
    expect(
      issuesFor('funder', funderBody({ typical_deal_size_min: 2_000_000, typical_deal_size_max: 2_000_000 })),
    ).toEqual([
      { field: 'typical_deal_size_max', message: 'Maximum deal size must be greater than minimum' },
    ]);
  });

  it('profileIssues (funder): with maximum below minimum reports the order message', () => {
    expect(
      issuesFor('funder', funderBody({ typical_deal_size_min: 3_000_000, typical_deal_size_max: 1_000_000 })),
    ).toEqual([
      { field: 'typical_deal_size_max', message: 'Maximum deal size must be greater than minimum' },
    ]);
  });

  it('profileIssues (funder): with maximum one dollar above minimum has no issues', () => {
    expect(issuesFor('funder', funderBody({ typical_deal_size_min: 0, typical_deal_size_max: 1 }))).toEqual(
      [],
    );
  });

  it('profileIssues (funder): with a negative deal size reports it', () => {
    expect(
      messagesFor('funder', funderBody({ typical_deal_size_min: -1, typical_deal_size_max: 10 })),
    ).toEqual(['Deal sizes cannot be negative']);
    expect(
      messagesFor('funder', funderBody({ typical_deal_size_min: 0, typical_deal_size_max: -10 })),
    ).toEqual(['Deal sizes cannot be negative']);
  });

  it.each([0, 1, 50, 100])('profileIssues (funder): with %i years of experience has no issues', (years) => {
    expect(issuesFor('funder', funderBody({ years_experience: years }))).toEqual([]);
  });

  it.each([-1, 101])(
    'profileIssues (funder): with %i years of experience reports the 0-100 range',
    (years) => {
      expect(issuesFor('funder', funderBody({ years_experience: years }))).toEqual([
        { field: 'years_experience', message: 'Years of experience must be between 0 and 100' },
      ]);
    },
  );

  it("profileIssues (funder): without years of experience reports 'Years of experience is required'", () => {
    expect(issuesFor('funder', funderBody({ years_experience: null }))).toEqual([
      { field: 'years_experience', message: 'Years of experience is required' },
    ]);
  });

  it('profileIssues (funder): with aum given has no issues', () => {
    expect(issuesFor('funder', funderBody({ aum: 250_000_000 }))).toEqual([]);
  });
});

describe('profileIssues: order of issues', () => {
  it('profileIssues (borrower): with an empty body reports every required field in the spec order', () => {
    expect(issuesFor('borrower', {})).toEqual([
      { field: 'company_name', message: 'Company name is required' },
      { field: 'phone', message: 'Phone number is required' },
      { field: 'abn', message: 'ABN is required' },
      { field: 'company_type', message: 'Company type is required' },
    ]);
  });

  it('profileIssues (funder): with an empty body reports the common fields, then the funder fields', () => {
    expect(messagesFor('funder', {})).toEqual([
      'Company name is required',
      'Phone number is required',
      'ABN is required',
      'Company type is required',
      'Investment focus is required',
      'Minimum deal size is required',
      'Maximum deal size is required',
      'Years of experience is required',
    ]);
  });

  it('profileIssues (funder): with every field invalid reports each once, in order', () => {
    expect(
      messagesFor('funder', {
        company_name: ' ',
        phone: '0512345678',
        abn: '1234567890',
        company_type: 'Bakery',
        bio: 'b'.repeat(501),
        linkedin: 'nope',
        aum: -5,
        investment_focus: 'Crypto',
        typical_deal_size_min: 10,
        typical_deal_size_max: 10,
        years_experience: 101,
      }),
    ).toEqual([
      'Company name is required',
      'Invalid phone number format',
      'Invalid ABN format',
      'Company type is not one of the listed types',
      'Bio must be at most 500 characters',
      'LinkedIn must be a web address',
      'Assets under management cannot be negative',
      'Investment focus is not one of the listed options',
      'Maximum deal size must be greater than minimum',
      'Years of experience must be between 0 and 100',
    ]);
  });
});
