import { describe, expect, it } from 'vitest';
import { borrowerCompanyTypes, companyTypesFor, funderCompanyTypes, messages } from '../src/onboarding';
import { bodyFor, borrowerBody, bothRoles, funderBody, issuesFor } from './support/onboarding-bodies';

// The profile rules of onboarding for both roles, field by field. The funder-only fields and the
// order of issues are in onboarding-funder.test.ts; joinIssues, checkProfile, profileBody and the
// phone and ABN helpers in onboarding-check.test.ts. The bodies come from support/onboarding-bodies.ts:
// each test changes only what it is about.

describe('onboarding messages', () => {
  it('messages: the spec-quoted texts are exact', () => {
    expect(messages.companyNameRequired).toBe('Company name is required');
    expect(messages.phoneRequired).toBe('Phone number is required');
    expect(messages.phoneInvalid).toBe('Invalid phone number format');
    expect(messages.abnRequired).toBe('ABN is required');
    expect(messages.abnInvalid).toBe('Invalid ABN format');
    expect(messages.dealSizeOrder).toBe('Maximum deal size must be greater than minimum');
  });

  it('messages: the bio limit message names 500 characters', () => {
    expect(messages.bioTooLong).toBe('Bio must be at most 500 characters');
  });
});

describe('profileIssues: a complete profile', () => {
  it.each(bothRoles)('profileIssues: a complete %s profile has no issues', (role) => {
    expect(issuesFor(role, bodyFor(role))).toEqual([]);
  });
});

describe.each(bothRoles)('profileIssues for a %s', (role) => {
  describe('company name', () => {
    it.each([
      ['missing', undefined],
      ['null', null],
      ['empty', ''],
      ['only spaces', '   '],
    ])(`profileIssues (${role}): with company name %s reports 'Company name is required'`, (_, value) => {
      expect(issuesFor(role, bodyFor(role, { company_name: value }))).toEqual([
        { field: 'company_name', message: 'Company name is required' },
      ]);
    });
  });

  describe('phone', () => {
    it.each([
      ['missing', undefined],
      ['null', null],
      ['empty', ''],
      ['only spaces', '  '],
    ])(`profileIssues (${role}): with phone %s reports 'Phone number is required'`, (_, value) => {
      expect(issuesFor(role, bodyFor(role, { phone: value }))).toEqual([
        { field: 'phone', message: 'Phone number is required' },
      ]);
    });

    it.each([
      '0412 345 678',
      '0412345678',
      '+61 2 9876 5432',
      '+61298765432',
      '02 9876 5432',
      '03 9123 4567',
      '07 3123 4567',
      '08 9123 4567',
      '+61 412 345 678',
    ])(`profileIssues (${role}): accepts the Australian phone '%s'`, (phone) => {
      expect(issuesFor(role, bodyFor(role, { phone }))).toEqual([]);
    });

    it.each([
      ['a mobile prefix of 05', '0512345678'],
      ['a prefix of 01', '0112345678'],
      ['a prefix of 06', '0612345678'],
      ['a prefix of 09', '0912345678'],
      ['nine digits', '041234567'],
      ['eleven digits', '04123456789'],
      ['+61 with seven digits after the area digit', '+6141234567'],
      ['+61 with a leading zero kept', '+61 0412 345 678'],
      ['letters', '04I2 345 678'],
      ['only letters', 'not a phone'],
      ['another country code', '+64 4 123 4567'],
      ['dashes', '0412-345-678'],
    ])(`profileIssues (${role}): with %s reports 'Invalid phone number format'`, (_, phone) => {
      expect(issuesFor(role, bodyFor(role, { phone }))).toEqual([
        { field: 'phone', message: 'Invalid phone number format' },
      ]);
    });
  });

  describe('ABN', () => {
    it.each([
      ['missing', undefined],
      ['null', null],
      ['empty', ''],
      ['only spaces', '   '],
    ])(`profileIssues (${role}): with ABN %s reports 'ABN is required'`, (_, value) => {
      expect(issuesFor(role, bodyFor(role, { abn: value }))).toEqual([
        { field: 'abn', message: 'ABN is required' },
      ]);
    });

    it.each(['51824753556', '51 824 753 556', '518 247 535 56'])(
      `profileIssues (${role}): accepts the 11-digit ABN '%s' whatever its spacing`,
      (abn) => {
        expect(issuesFor(role, bodyFor(role, { abn }))).toEqual([]);
      },
    );

    it.each([
      ['10 digits', '5182475355'],
      ['12 digits', '518247535561'],
      ['10 digits with spaces', '51 824 753 55'],
      ['12 digits with spaces', '518247 535 561'],
      ['a letter', '51 824 753 55A'],
      ['dashes', '51-824-753-556'],
    ])(`profileIssues (${role}): with an ABN of %s reports 'Invalid ABN format'`, (_, abn) => {
      expect(issuesFor(role, bodyFor(role, { abn }))).toEqual([
        { field: 'abn', message: 'Invalid ABN format' },
      ]);
    });
  });

  describe('company type', () => {
    it.each([
      ['missing', undefined],
      ['null', null],
      ['empty', ''],
    ])(`profileIssues (${role}): with company type %s reports 'Company type is required'`, (_, value) => {
      expect(issuesFor(role, bodyFor(role, { company_type: value }))).toEqual([
        { field: 'company_type', message: 'Company type is required' },
      ]);
    });

    it.each([...companyTypesFor(role)])(
      `profileIssues (${role}): accepts the listed company type '%s'`,
      (type) => {
        expect(issuesFor(role, bodyFor(role, { company_type: type }))).toEqual([]);
      },
    );

    it(`profileIssues (${role}): with a company type not on any list reports it as not listed`, () => {
      expect(issuesFor(role, bodyFor(role, { company_type: 'Bakery' }))).toEqual([
        { field: 'company_type', message: 'Company type is not one of the listed types' },
      ]);
    });

    it(`profileIssues (${role}): with a listed type in the wrong case reports it as not listed`, () => {
      expect(issuesFor(role, bodyFor(role, { company_type: 'other' }))).toEqual([
        { field: 'company_type', message: 'Company type is not one of the listed types' },
      ]);
    });
  });

  describe('bio', () => {
    it(`profileIssues (${role}): with a bio of exactly 500 characters has no issues`, () => {
      expect(issuesFor(role, bodyFor(role, { bio: 'a'.repeat(500) }))).toEqual([]);
    });

    it(`profileIssues (${role}): with a bio of 501 characters reports the 500-character limit`, () => {
      expect(issuesFor(role, bodyFor(role, { bio: 'a'.repeat(501) }))).toEqual([
        { field: 'bio', message: 'Bio must be at most 500 characters' },
      ]);
    });

    it(`profileIssues (${role}): without a bio has no issues`, () => {
      expect(issuesFor(role, bodyFor(role, { bio: null }))).toEqual([]);
    });
  });

  describe('linkedin', () => {
    it(`profileIssues (${role}): with an https LinkedIn address has no issues`, () => {
      expect(issuesFor(role, bodyFor(role, { linkedin: 'https://www.linkedin.com/in/someone' }))).toEqual([]);
    });

    it(`profileIssues (${role}): with a LinkedIn value that is not a web address reports it`, () => {
      expect(issuesFor(role, bodyFor(role, { linkedin: 'linkedin.com/in/someone' }))).toEqual([
        { field: 'linkedin', message: 'LinkedIn must be a web address' },
      ]);
    });

    it(`profileIssues (${role}): with an empty LinkedIn value has no issues`, () => {
      expect(issuesFor(role, bodyFor(role, { linkedin: '   ' }))).toEqual([]);
    });
  });

  describe('aum', () => {
    it(`profileIssues (${role}): without aum has no issues (aum is optional)`, () => {
      expect(issuesFor(role, bodyFor(role, { aum: undefined }))).toEqual([]);
      expect(issuesFor(role, bodyFor(role, { aum: null }))).toEqual([]);
    });

    it(`profileIssues (${role}): with aum of 0 has no issues`, () => {
      expect(issuesFor(role, bodyFor(role, { aum: 0 }))).toEqual([]);
    });

    it(`profileIssues (${role}): with a negative aum reports it`, () => {
      expect(issuesFor(role, bodyFor(role, { aum: -1 }))).toEqual([
        { field: 'aum', message: 'Assets under management cannot be negative' },
      ]);
    });
  });
});

describe('profileIssues: company type lists by role', () => {
  it("profileIssues (borrower): with the funder-only type 'Family Office' reports it as not listed", () => {
    expect(issuesFor('borrower', borrowerBody({ company_type: 'Family Office' }))).toEqual([
      { field: 'company_type', message: 'Company type is not one of the listed types' },
    ]);
  });

  it("profileIssues (funder): with the borrower-only type 'Builder' reports it as not listed", () => {
    expect(issuesFor('funder', funderBody({ company_type: 'Builder' }))).toEqual([
      { field: 'company_type', message: 'Company type is not one of the listed types' },
    ]);
  });

  it('companyTypesFor: returns the funder list for a funder and the borrower list for a borrower', () => {
    expect(companyTypesFor('funder')).toEqual([...funderCompanyTypes]);
    expect(companyTypesFor('borrower')).toEqual([...borrowerCompanyTypes]);
  });
});
