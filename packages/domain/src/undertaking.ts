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
  fullNameLetters: 'Type your full name in letters: at least two',
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

// ---------------------------------------------------------------------------------------------
// The signer's name (issue 29 finding 5; decision 047)

// Characters that print as nothing, so cannot make (or pad) a signature: control, format, surrogate,
// private-use and unassigned code points, every default-ignorable one (zero-width spaces and joiners,
// the Hangul fillers U+3164, U+115F, U+1160 and U+FFA0, variation selectors, the combining grapheme
// joiner) and the braille blank U+2800, which is a symbol.
const INVISIBLE = /[\p{C}\p{Default_Ignorable_Code_Point}\u2800]/gu;
// Combining marks with no letter to sit on: at the start, or after a space.
const STRANDED_MARKS = /(^| )\p{M}+/gu;
const LETTER = /\p{L}/gu;
/** A typed name is read up to this length; longer is refused before any work on it. */
const UNDERTAKING_NAME_INPUT_MAX_LENGTH = 1000;

/**
 * The signer's name as it is stored, printed and compared: NFKC (full-width letters become plain
 * ones, a letter and its combining accent one character), every blank a plain space, invisible and
 * format characters removed, stranded combining marks removed, spaces collapsed and trimmed.
 */
export function normaliseSignerName(typed: string): string {
  return typed
    .normalize('NFKC')
    .replace(/\p{White_Space}/gu, ' ')
    .replace(INVISIBLE, '')
    .replace(/ +/g, ' ')
    .trim()
    .replace(STRANDED_MARKS, '$1')
    .replace(/ +/g, ' ')
    .trim()
    .normalize('NFKC');
}

/**
 * What is wrong with a normalised name as a signature, or null: nothing visible, fewer than two
 * letters, or over 200 characters (code points, as the database counts them). The server's schema
 * and the web form ask this same question.
 */
export function signerNameIssue(name: string): string | null {
  if (name === '') return undertakingMessages.fullNameRequired;
  if ((name.match(LETTER)?.length ?? 0) < 2) return undertakingMessages.fullNameLetters;
  if ([...name].length > UNDERTAKING_NAME_MAX_LENGTH) return undertakingMessages.fullNameTooLong;
  return null;
}

/** A name as compared with another: normalised, lower-case. */
const comparable = (name: string) => normaliseSignerName(name).toLocaleLowerCase('en-AU');

/**
 * Whether the name signed is the signer's account name (normalised, case and spacing aside). A
 * signature given before account names were recorded (null) is not reported as differing.
 */
export const isSignerAccountName = (signedName: string, accountName: string | null) =>
  accountName === null || comparable(signedName) === comparable(accountName);

/**
 * The line the data-room report and the signed PDF show beside a name that is not the account's:
 * "Signed as 'X' by account holder Y (name differs from the account)"; null when it is the account's.
 */
export const signedAsLine = (signature: { full_name: string; account_name: string | null }) =>
  isSignerAccountName(signature.full_name, signature.account_name)
    ? null
    : `Signed as '${signature.full_name}' by account holder ${signature.account_name} (name differs from the account)`;

const fullName = z
  .string({ error: undertakingMessages.fullNameRequired })
  .max(UNDERTAKING_NAME_INPUT_MAX_LENGTH, { error: undertakingMessages.fullNameTooLong, abort: true })
  .overwrite(normaliseSignerName)
  .check((ctx) => {
    const issue = signerNameIssue(ctx.value);
    if (issue) ctx.issues.push({ code: 'custom', message: issue, input: ctx.value });
  });

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
  /** The signer's account name when they signed (null for signatures given before it was kept). */
  account_name: z.string().nullable(),
  /** The name typed is not the account's (isSignerAccountName): shown beside it wherever it is read. */
  name_differs: z.boolean(),
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

/**
 * A project named by its preview words alone ('the residential project in Parramatta'): how the
 * signed undertaking, and anything else a funder keeps after their access ends, names it.
 */
export const projectInPreviewWords = (project: { property_type: string; suburb: string }) =>
  `the ${project.property_type.toLowerCase()} project in ${project.suburb}`;

/** Where the signed undertaking of a request is downloaded as a PDF. */
export const undertakingPdfPath = (accessRequestId: string) =>
  `/api/access-requests/${accessRequestId}/undertaking.pdf`;
