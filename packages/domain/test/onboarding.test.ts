import { describe, expect, it } from 'vitest';
import {
  borrowerCompanyTypes,
  checkProfile,
  companyTypesFor,
  type FieldIssue,
  funderCompanyTypes,
  investmentFocuses,
  isAbn,
  isAustralianPhone,
  joinIssues,
  messages,
  type ProfileBody,
  profileBody,
  profileIssues,
  stripSpaces,
} from '../src/onboarding';
import type { SelfServiceRole } from '../src/roles';

// Each test builds its own body from these factories and changes only what it is about.
const borrowerBody = (overrides: Partial<ProfileBody> = {}): ProfileBody => ({
  company_name: 'Harbour Developments',
  company_type: 'Developer',
  phone: '0412 345 678',
  abn: '51 824 753 556',
  ...overrides,
});

const funderBody = (overrides: Partial<ProfileBody> = {}): ProfileBody => ({
  company_name: 'Southern Cross Capital',
  company_type: 'Private Credit Fund',
  phone: '+61 2 9876 5432',
  abn: '51824753556',
  investment_focus: 'Residential Development',
  typical_deal_size_min: 1_000_000,
  typical_deal_size_max: 5_000_000,
  years_experience: 12,
  ...overrides,
});

const bodyFor = (role: SelfServiceRole, overrides: Partial<ProfileBody> = {}) =>
  role === 'funder' ? funderBody(overrides) : borrowerBody(overrides);

const issuesFor = (role: SelfServiceRole, body: ProfileBody): FieldIssue[] =>
  profileIssues(role, profileBody.parse(body));

const messagesFor = (role: SelfServiceRole, body: ProfileBody) => issuesFor(role, body).map((i) => i.message);

const bothRoles: SelfServiceRole[] = ['borrower', 'funder'];

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
