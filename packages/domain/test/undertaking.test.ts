import { describe, expect, it } from 'vitest';
import { createAccessRequestBody } from '../src/access';
import {
  formatSignedAt,
  undertakingAcceptance,
  undertakingAcceptedLine,
  undertakingMessages,
  updateUndertakingBody,
} from '../src/undertaking';

const projectId = '0b7c3a9e-2d2f-4a7b-9a51-6f1d1d1d1d1d';
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('the undertaking a funder signs', () => {
  it('is required with every access request, and says so when it is missing', () => {
    expect(messagesOf(createAccessRequestBody.safeParse({ project_id: projectId }))).toEqual([
      undertakingMessages.required,
    ]);
    const ok = createAccessRequestBody.parse({
      project_id: projectId,
      undertaking: { accepted: true, full_name: '  Jane Citizen ', version: 2 },
    });
    expect(ok.undertaking).toEqual({ accepted: true, full_name: 'Jane Citizen', version: 2 });
  });

  it('needs I accept ticked and a name of 1 to 200 characters; nothing else', () => {
    expect(messagesOf(undertakingAcceptance.safeParse({ accepted: false, full_name: 'Jane' }))).toEqual([
      undertakingMessages.mustAccept,
    ]);
    expect(messagesOf(undertakingAcceptance.safeParse({ accepted: true, full_name: ' ' }))).toEqual([
      undertakingMessages.fullNameRequired,
    ]);
    expect(
      messagesOf(undertakingAcceptance.safeParse({ accepted: true, full_name: 'x'.repeat(201) })),
    ).toEqual([undertakingMessages.fullNameTooLong]);
    expect(undertakingAcceptance.safeParse({ accepted: true, full_name: 'x'.repeat(200) }).success).toBe(
      true,
    );
    expect(undertakingAcceptance.safeParse({ accepted: true, full_name: 'Jane', extra: 1 }).success).toBe(
      false,
    );
    expect(undertakingAcceptance.safeParse({ accepted: true, full_name: 'Jane', version: 0 }).success).toBe(
      false,
    );
  });

  it("the admin's text is trimmed and 1 to 20,000 characters", () => {
    expect(updateUndertakingBody.parse({ text: '  Keep it secret.\n' })).toEqual({ text: 'Keep it secret.' });
    expect(messagesOf(updateUndertakingBody.safeParse({ text: '   ' }))).toEqual([
      undertakingMessages.textRequired,
    ]);
    expect(messagesOf(updateUndertakingBody.safeParse({ text: 'x'.repeat(20_001) }))).toEqual([
      undertakingMessages.textTooLong,
    ]);
  });

  it('the acceptance line names the signer, the company and the Sydney time', () => {
    // 1 am UTC on 27 November is noon in Sydney (daylight time, +11).
    const accepted_at = '2026-11-27T01:04:00.000Z';
    expect(formatSignedAt(accepted_at)).toMatch(/^27 Nov 2026, 12:04\s?pm AEDT$/);
    expect(
      undertakingAcceptedLine({ full_name: 'Jane Citizen', company_name: 'Harbour Capital', accepted_at }),
    ).toMatch(/^Undertaking accepted by Jane Citizen, Harbour Capital, 27 Nov 2026, 12:04\s?pm AEDT$/);
    expect(undertakingAcceptedLine({ full_name: 'Jane Citizen', company_name: null, accepted_at })).toMatch(
      /^Undertaking accepted by Jane Citizen, 27 Nov 2026/,
    );
  });
});
