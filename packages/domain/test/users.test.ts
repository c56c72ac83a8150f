import { describe, expect, it } from 'vitest';
import { roleSchema, selfServiceRoleSchema } from '../src/roles';
import { completeProfileBody, setRoleBody, updateProfileBody, userIdParams } from '../src/users';

describe('setRoleBody', () => {
  it.each(['borrower', 'funder'])("setRoleBody: with role '%s' parses", (role) => {
    expect(setRoleBody.parse({ role })).toEqual({ role });
  });

  it("setRoleBody: with role 'admin' fails with 'Role must be borrower or funder'", () => {
    const result = setRoleBody.safeParse({ role: 'admin' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Role must be borrower or funder');
  });

  it('setRoleBody: with an unknown key fails', () => {
    expect(setRoleBody.safeParse({ role: 'funder', approved: true }).success).toBe(false);
  });
});

describe('roles', () => {
  it('roleSchema: accepts the three roles and refuses others', () => {
    for (const role of ['borrower', 'funder', 'admin']) expect(roleSchema.safeParse(role).success).toBe(true);
    expect(roleSchema.safeParse('developer').success).toBe(false);
  });

  it('selfServiceRoleSchema: refuses admin', () => {
    expect(selfServiceRoleSchema.safeParse('admin').success).toBe(false);
  });
});

describe('updateProfileBody', () => {
  it('updateProfileBody: with a name trims it', () => {
    expect(updateProfileBody.parse({ name: '  Ada  ' }).name).toBe('Ada');
  });

  it("updateProfileBody: with a blank name fails with 'Name is required'", () => {
    const result = updateProfileBody.safeParse({ name: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Name is required');
  });

  it('updateProfileBody: with an unknown key fails', () => {
    expect(updateProfileBody.safeParse({ name: 'Ada', email: 'a@b.c' }).success).toBe(false);
  });

  it('completeProfileBody: refuses a name, which only the update body accepts', () => {
    expect(completeProfileBody.safeParse({ name: 'Ada' }).success).toBe(false);
  });
});

describe('userIdParams', () => {
  it('userIdParams: with an empty id fails', () => {
    expect(userIdParams.safeParse({ id: '' }).success).toBe(false);
  });

  it('userIdParams: with a short id parses', () => {
    expect(userIdParams.parse({ id: 'user_1' })).toEqual({ id: 'user_1' });
  });
});
