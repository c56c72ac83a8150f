import { sql } from 'kysely';
import type { Db } from '../../db/database';

// One advisory lock serialises new versions, so two admins saving at once get versions n+1 and n+2
// instead of one primary-key failure (a row lock cannot guard the "next number" that is not there).
const VERSION_LOCK = 724_619;

const versionColumns = ['version', 'text', 'sha256', 'created_at'] as const;

/** The text shown and signed from now on: the newest version (the migration seeds version 1). */
export const findCurrentVersion = (db: Db) =>
  db
    .selectFrom('undertaking_version')
    .select(versionColumns)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();

export const findVersion = (db: Db, version: number) =>
  db
    .selectFrom('undertaking_version')
    .select(versionColumns)
    .where('version', '=', version)
    .executeTakeFirst();

/** Every version, newest first, with who saved it (null for the seeded first one). */
export const listVersions = (db: Db) =>
  db
    .selectFrom('undertaking_version as v')
    .leftJoin('user as u', 'u.id', 'v.created_by')
    .select(['v.version', 'v.sha256', 'v.created_at', 'u.name as created_by_name'])
    .orderBy('v.version', 'desc')
    .execute();

/** Takes the versions' lock for the rest of the transaction and reads the current one under it. */
export async function lockCurrentVersion(trx: Db) {
  await sql`select pg_advisory_xact_lock(${VERSION_LOCK})`.execute(trx);
  return findCurrentVersion(trx);
}

export async function insertVersion(
  trx: Db,
  values: { version: number; text: string; sha256: string; createdBy: string },
): Promise<void> {
  await trx
    .insertInto('undertaking_version')
    .values({
      version: values.version,
      text: values.text,
      sha256: values.sha256,
      created_by: values.createdBy,
    })
    .execute();
}

const signatureColumns = [
  'ua.version',
  'ua.full_name',
  'ua.account_name',
  'ua.company_name',
  'ua.accepted_at',
  'ua.text_sha256',
] as const;

/** A request's signature, or undefined when none was given. */
export const findSignature = (db: Db, accessRequestId: string) =>
  db
    .selectFrom('undertaking_acceptance as ua')
    .select(signatureColumns)
    .where('ua.access_request_id', '=', accessRequestId)
    .executeTakeFirst();
export type SignatureRow = NonNullable<Awaited<ReturnType<typeof findSignature>>>;

/** The signatures of several requests at once (an access-request list), by request id. */
export async function signaturesOf(db: Db, accessRequestIds: readonly string[]) {
  if (accessRequestIds.length === 0) return new Map<string, SignatureRow>();
  const rows = await db
    .selectFrom('undertaking_acceptance as ua')
    .select(['ua.access_request_id', ...signatureColumns])
    .where('ua.access_request_id', 'in', accessRequestIds)
    .execute();
  return new Map(rows.map(({ access_request_id, ...row }) => [access_request_id, row]));
}

/** Everything the signed PDF shows: the signature, the signed text and where it was given from. */
export const findSignedRecord = (db: Db, accessRequestId: string) =>
  db
    .selectFrom('undertaking_acceptance as ua')
    .innerJoin('undertaking_version as v', 'v.version', 'ua.version')
    .select([
      ...signatureColumns,
      'ua.access_request_id',
      'ua.ip',
      'ua.user_agent',
      'v.text',
      'v.sha256 as version_sha256',
    ])
    .where('ua.access_request_id', '=', accessRequestId)
    .executeTakeFirst();

/**
 * Stores a signature; false when the request already has one (a concurrent acceptance got there
 * first: the unique index decides, without aborting the transaction).
 */
export async function insertSignature(
  trx: Db,
  values: {
    accessRequestId: string;
    funderId: string;
    version: number;
    textSha256: string;
    fullName: string;
    accountName: string;
    companyName: string | null;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<boolean> {
  const row = await trx
    .insertInto('undertaking_acceptance')
    .values({
      access_request_id: values.accessRequestId,
      funder_id: values.funderId,
      version: values.version,
      text_sha256: values.textSha256,
      full_name: values.fullName,
      account_name: values.accountName,
      company_name: values.companyName,
      ip: values.ip,
      user_agent: values.userAgent,
    })
    .onConflict((oc) => oc.column('access_request_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The signer's account name as it is when they sign: shown beside a typed name that differs. */
export const findAccountName = (trx: Db, userId: string) =>
  trx.selectFrom('user').select('name').where('id', '=', userId).executeTakeFirstOrThrow();

/** A request's parties and state, with the preview words that name its project to anyone. */
export const findRequestParties = (db: Db, accessRequestId: string) =>
  db
    .selectFrom('access_request as ar')
    .innerJoin('project as p', 'p.id', 'ar.project_id')
    .select(['ar.id', 'ar.status', 'ar.funder_id', 'p.borrower_id', 'p.property_type', 'p.suburb'])
    .where('ar.id', '=', accessRequestId)
    .executeTakeFirst();

/**
 * The gate's question: the viewer's requests concerned (one by id, or their granted ones on a
 * project) with whether each has a signature.
 */
export function unsignedRequestsOf(
  db: Db,
  funderId: string,
  target: { accessRequestId: string } | { projectId: string; statuses: readonly string[] },
) {
  let query = db
    .selectFrom('access_request as ar')
    .leftJoin('undertaking_acceptance as ua', 'ua.access_request_id', 'ar.id')
    .select('ar.id')
    .where('ar.funder_id', '=', funderId)
    .where('ua.id', 'is', null);
  query =
    'accessRequestId' in target
      ? query.where('ar.id', '=', target.accessRequestId)
      : query
          .where('ar.project_id', '=', target.projectId)
          .where('ar.status', 'in', target.statuses as never[]);
  return query.execute();
}
