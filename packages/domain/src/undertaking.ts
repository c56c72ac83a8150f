import { z } from 'zod';

/**
 * The confidentiality undertaking a funder signs before a project's full file (issue 19;
 * docs/decisions/033-undertaking.md). The platform's text lives in versions: an admin's edit in
 * Settings adds one, and the newest is the one shown and signed from then on. Each access request
 * keeps the version signed, the SHA-256 of its exact text, the name typed, the company, when, from
 * which address and browser.
 */

export const UNDERTAKING_TEXT_MAX_LENGTH = 20_000;
export const UNDERTAKING_NAME_MAX_LENGTH = 200;

export const undertakingMessages = {
  required: 'Accept the confidentiality undertaking to send your request',
  mustAccept: "Tick 'I accept' to sign the confidentiality undertaking",
  fullNameRequired: 'Type your full name to sign the undertaking',
  fullNameTooLong: `Your full name must be at most ${UNDERTAKING_NAME_MAX_LENGTH} characters`,
  versionInvalid: 'Unknown undertaking version',
  changed: 'The undertaking has changed: read the new version and accept it',
  /** The legacy gate: access granted before undertakings existed, none signed yet. */
  requiredBeforeAccess:
    'Accept the confidentiality undertaking before you open documents or act in the deal room',
  alreadyAccepted: 'The undertaking for this request is already accepted',
  requestClosed: 'This access request is closed: there is nothing to accept',
  notFound: 'Undertaking not found',
  textRequired: 'The undertaking text cannot be empty',
  textTooLong: `The undertaking must be at most ${UNDERTAKING_TEXT_MAX_LENGTH.toLocaleString('en-AU')} characters`,
  unchanged: 'The text is the same as the current version',
  acceptedTitle: 'Undertaking Accepted',
  acceptFailedTitle: 'Could Not Accept',
  savedTitle: 'Undertaking Saved',
  saveFailedTitle: 'Save Failed',
} as const;

/** The machine code of the legacy gate's 403, so the web app can offer the undertaking to accept. */
export const UNDERTAKING_REQUIRED = 'UNDERTAKING_REQUIRED';

const fullName = z
  .string({ error: undertakingMessages.fullNameRequired })
  .trim()
  .min(1, undertakingMessages.fullNameRequired)
  .max(UNDERTAKING_NAME_MAX_LENGTH, undertakingMessages.fullNameTooLong);

/**
 * What the funder sends to sign: 'I accept' ticked, their full name, and the version they were
 * shown (optional for API clients: the current one). A version that is no longer current is
 * refused (409 `changed`) rather than recorded against text the funder did not read.
 */
export const undertakingAcceptance = z.strictObject(
  {
    accepted: z.literal(true, { error: undertakingMessages.mustAccept }),
    full_name: fullName,
    version: z.number({ error: undertakingMessages.versionInvalid }).int().positive().optional(),
  },
  // Missing altogether (or not an object): the request body's field says what to do.
  { error: (issue) => (issue.code === 'invalid_type' ? undertakingMessages.required : undefined) },
);
export type UndertakingAcceptanceInput = z.output<typeof undertakingAcceptance>;

/** One version of the platform's text. */
export const undertakingVersion = z.object({
  version: z.number(),
  text: z.string(),
  sha256: z.string(),
  created_at: z.string(),
});
export type UndertakingVersion = z.infer<typeof undertakingVersion>;

/** A signature as the parties see it on the request and in the deal room. */
export const undertakingSignature = z.object({
  version: z.number(),
  full_name: z.string(),
  company_name: z.string().nullable(),
  accepted_at: z.string(),
  text_sha256: z.string(),
});
export type UndertakingSignature = z.infer<typeof undertakingSignature>;

/** GET /access-requests/{id}/undertaking: the request's signature, or null when none was given. */
export const requestUndertakingResponse = z.object({
  access_request_id: z.string(),
  undertaking: undertakingSignature.nullable(),
});
export type RequestUndertakingResponse = z.infer<typeof requestUndertakingResponse>;

/** The admin Settings editor: the current text and every version, newest first. */
export const adminUndertakingResponse = z.object({
  current: undertakingVersion,
  versions: z.array(
    z.object({
      version: z.number(),
      sha256: z.string(),
      created_at: z.string(),
      created_by_name: z.string().nullable(),
    }),
  ),
});
export type AdminUndertakingResponse = z.infer<typeof adminUndertakingResponse>;

/** An admin's new version: the text as it will be shown (trimmed), 1 to 20,000 characters. */
export const updateUndertakingBody = z.strictObject({
  text: z
    .string({ error: undertakingMessages.textRequired })
    .trim()
    .min(1, undertakingMessages.textRequired)
    .max(UNDERTAKING_TEXT_MAX_LENGTH, undertakingMessages.textTooLong),
});

const sydneyDateTime = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Sydney',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
/** When a signature was given, in Sydney time whatever the reader's zone ('27 Nov 2026, 3:04 pm AEDT'). */
export const formatSignedAt = (value: string | Date) => sydneyDateTime.format(new Date(value));

/** 'Undertaking accepted by Jane Citizen, Harbour Capital, 27 Nov 2026, 3:04 pm AEDT'. */
export const undertakingAcceptedLine = (
  signature: Pick<UndertakingSignature, 'full_name' | 'company_name' | 'accepted_at'>,
) =>
  `Undertaking accepted by ${[
    signature.full_name,
    signature.company_name,
    formatSignedAt(signature.accepted_at),
  ]
    .filter(Boolean)
    .join(', ')}`;

/** Where the signed undertaking of a request is downloaded as a PDF. */
export const undertakingPdfPath = (accessRequestId: string) =>
  `/api/access-requests/${accessRequestId}/undertaking.pdf`;
