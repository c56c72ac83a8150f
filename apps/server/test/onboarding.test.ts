import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, funderProfile, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const validBorrower = {
  company_name: 'Harbour Homes Pty Ltd',
  company_type: 'Developer',
  phone: '0412 345 678',
  abn: '51 824 753 556',
  bio: 'Townhouses in Newcastle.',
};

const validFunder = {
  company_name: 'Coastal Credit',
  company_type: 'Private Credit Fund',
  phone: '+61 3 9876 5432',
  abn: '33051775556',
  investment_focus: 'Commercial Development',
  typical_deal_size_min: 2_000_000,
  typical_deal_size_max: 15_000_000,
  years_experience: 8,
};

describe('set-role', () => {
  it('set-role: a new user chooses borrower once; a second choice answers 409', async () => {
    const user = await createUser(t.app);
    const first = await as(t.app, user, {
      method: 'POST',
      url: '/api/auth/set-role',
      payload: { role: 'borrower' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ role: 'borrower', approved: false, profile_completed: false });
    const second = await as(t.app, user, {
      method: 'POST',
      url: '/api/auth/set-role',
      payload: { role: 'funder' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'CONFLICT', error: 'Your role has already been chosen' });
  });

  it('set-role: admin cannot be chosen (400) and nothing changes', async () => {
    const user = await createUser(t.app);
    const res = await as(t.app, user, {
      method: 'POST',
      url: '/api/auth/set-role',
      payload: { role: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: 'Role must be borrower or funder' });
    const row = await t.database.db
      .selectFrom('user')
      .select('role')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBeNull();
  });

  it('set-role: without a session answers 401', async () => {
    const res = await as(t.app, null, {
      method: 'POST',
      url: '/api/auth/set-role',
      payload: { role: 'funder' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('complete-profile', () => {
  it('complete-profile: a borrower with valid fields is stored with spaces stripped and no funder fields', async () => {
    const user = await createUser(t.app, { role: 'borrower' });
    const res = await as(t.app, user, {
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: validBorrower,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user_id: user.id,
      role: 'borrower',
      phone: '0412345678',
      abn: '51824753556',
      investment_focus: null,
      typical_deal_size_min: null,
    });
    const me = await as(t.app, user, { method: 'GET', url: '/api/auth/me' });
    expect(me.json().profile_completed).toBe(true);
  });

  it('complete-profile: a funder with valid fields is stored, and starts unapproved', async () => {
    const user = await createUser(t.app, { role: 'funder' });
    const res = await as(t.app, user, {
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: validFunder,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      approved: false,
      phone: '+61398765432',
      investment_focus: 'Commercial Development',
      typical_deal_size_min: 2_000_000,
      typical_deal_size_max: 15_000_000,
      years_experience: 8,
      aum: null,
    });
  });

  it('complete-profile: before a role is chosen answers 409', async () => {
    const user = await createUser(t.app);
    const res = await as(t.app, user, {
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: validBorrower,
    });
    expect(res.statusCode).toBe(409);
  });

  const invalid: [string, 'borrower' | 'funder', Record<string, unknown>, string][] = [
    [
      'a blank company name',
      'borrower',
      { ...validBorrower, company_name: '  ' },
      'Company name is required',
    ],
    ['no phone', 'borrower', { ...validBorrower, phone: '' }, 'Phone number is required'],
    [
      'a non-Australian phone',
      'borrower',
      { ...validBorrower, phone: '0512 345 678' },
      'Invalid phone number format',
    ],
    ['no ABN', 'borrower', { ...validBorrower, abn: undefined }, 'ABN is required'],
    ['a 10-digit ABN', 'borrower', { ...validBorrower, abn: '5182475355' }, 'Invalid ABN format'],
    [
      'no company type',
      'borrower',
      { ...validBorrower, company_type: undefined },
      'Company type is required',
    ],
    [
      'a funder company type for a borrower',
      'borrower',
      { ...validBorrower, company_type: 'Hedge Fund' },
      'Company type is not one of the listed types',
    ],
    [
      'a bio over 500 characters',
      'borrower',
      { ...validBorrower, bio: 'x'.repeat(501) },
      'Bio must be at most 500 characters',
    ],
    [
      'no investment focus',
      'funder',
      { ...validFunder, investment_focus: undefined },
      'Investment focus is required',
    ],
    [
      'no minimum deal size',
      'funder',
      { ...validFunder, typical_deal_size_min: null },
      'Minimum deal size is required',
    ],
    [
      'no maximum deal size',
      'funder',
      { ...validFunder, typical_deal_size_max: undefined },
      'Maximum deal size is required',
    ],
    [
      'maximum equal to minimum',
      'funder',
      { ...validFunder, typical_deal_size_max: 2_000_000 },
      'Maximum deal size must be greater than minimum',
    ],
    [
      'no years of experience',
      'funder',
      { ...validFunder, years_experience: undefined },
      'Years of experience is required',
    ],
    [
      '101 years of experience',
      'funder',
      { ...validFunder, years_experience: 101 },
      'Years of experience must be between 0 and 100',
    ],
  ];
  for (const [what, role, payload, message] of invalid) {
    it(`complete-profile: ${what} answers 400 '${message}' and stores nothing`, async () => {
      const user = await createUser(t.app, { role });
      const res = await as(t.app, user, { method: 'POST', url: '/api/auth/complete-profile', payload });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.error.split(', ')).toContain(message);
      expect(body.details.map((d: { message: string }) => d.message)).toContain(message);
      const stored = await t.database.db
        .selectFrom('profile')
        .select('user_id')
        .where('user_id', '=', user.id)
        .execute();
      expect(stored).toHaveLength(0);
    });
  }

  it('complete-profile: several broken rules are all reported, joined by commas', async () => {
    const user = await createUser(t.app, { role: 'borrower' });
    const res = await as(t.app, user, {
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: { company_type: 'Developer' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Company name is required, Phone number is required, ABN is required');
  });
});

describe('profile', () => {
  it('GET profile: a user reads their own profile', async () => {
    const user = await createUser(t.app, { role: 'funder', profile: 'default' });
    const res = await as(t.app, user, { method: 'GET', url: `/api/users/${user.id}/profile` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_id: user.id, company_name: funderProfile.company_name });
  });

  it("GET profile: another user's profile is refused with 403", async () => {
    const owner = await createUser(t.app, { role: 'funder', profile: 'default' });
    const other = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const res = await as(t.app, other, { method: 'GET', url: `/api/users/${owner.id}/profile` });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it("GET profile: an admin reads anyone's profile; an unknown id is 404", async () => {
    const owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const admin = await createUser(t.app, { role: 'admin' });
    const res = await as(t.app, admin, { method: 'GET', url: `/api/users/${owner.id}/profile` });
    expect(res.statusCode).toBe(200);
    expect(res.json().user_id).toBe(owner.id);
    const missing = await as(t.app, admin, { method: 'GET', url: '/api/users/no-such-user/profile' });
    expect(missing.statusCode).toBe(404);
  });

  it('PUT profile: the owner edits their name and fields; the same rules apply', async () => {
    const user = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const ok = await as(t.app, user, {
      method: 'PUT',
      url: `/api/users/${user.id}/profile`,
      payload: { ...validBorrower, name: 'Renamed Person', company_name: 'New Name Pty Ltd' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Renamed Person', company_name: 'New Name Pty Ltd' });
    const bad = await as(t.app, user, {
      method: 'PUT',
      url: `/api/users/${user.id}/profile`,
      payload: { ...validBorrower, abn: '123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Invalid ABN format');
  });

  it("PUT profile: editing someone else's profile is refused with 403 — admins included", async () => {
    const owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const admin = await createUser(t.app, { role: 'admin' });
    for (const actor of [admin, await createUser(t.app, { role: 'borrower', profile: 'default' })]) {
      const res = await as(t.app, actor, {
        method: 'PUT',
        url: `/api/users/${owner.id}/profile`,
        payload: validBorrower,
      });
      expect(res.statusCode).toBe(403);
    }
    const row = await t.database.db
      .selectFrom('profile')
      .select('company_name')
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row.company_name).toBe('Test Developments Pty Ltd');
  });
});
