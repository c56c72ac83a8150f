import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { completeProfileBody } from '../src/users';

// The onboarding body names the fields every developer and funder must give as required keys (the
// API document shows them), with the spec's messages; null and blank still reach the rules, which
// report every broken rule at once (decision 074).
describe('completeProfileBody', () => {
  it('company name, company type, phone and ABN are required keys; the rest are optional', () => {
    const schema = z.toJSONSchema(completeProfileBody, { io: 'input' }) as { required?: string[] };
    expect([...(schema.required ?? [])].sort()).toEqual(['abn', 'company_name', 'company_type', 'phone']);
  });

  it('a key left out answers with the spec message, all of them at once, in the order of the form', () => {
    const result = completeProfileBody.safeParse({});
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['company_name', 'Company name is required'],
      ['company_type', 'Company type is required'],
      ['phone', 'Phone number is required'],
      ['abn', 'ABN is required'],
    ]);
  });

  it('null and blank values pass the shape, for the rules to report with the others', () => {
    expect(
      completeProfileBody.safeParse({ company_name: '', company_type: null, phone: 'abc', abn: null })
        .success,
    ).toBe(true);
  });
});
