import { createHash } from 'node:crypto';
import { accessMessages } from '@plinth/domain/access';
import { grantedAccessStatuses } from '@plinth/domain/marketplace';
import {
  type AdminUndertakingResponse,
  isSignerAccountName,
  projectInPreviewWords,
  type RequestUndertakingResponse,
  type UndertakingAcceptanceInput,
  type UndertakingSignature,
  type UndertakingVersion,
  undertakingMessages,
} from '@plinth/domain/undertaking';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { AppError, conflict, notFound, validationFailed } from '../../errors';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import { generatedFile, type OpenedFile } from '../documents/send-file';
import { publishLiveEvent } from '../events/events.service';
import * as repo from './undertaking.repository';
import { renderSignedUndertaking } from './undertaking-pdf';

/**
 * The confidentiality undertaking (docs/decisions/033-undertaking.md): the platform's versioned
 * text, a funder's signature on each access request, the signed PDF for its parties, and the gate
 * that stops a funder granted before undertakings existed until they sign one.
 */

const iso = (d: Date | string) => new Date(d).toISOString();
export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Where a signature was given from: the connection's address and the browser's own words. */
export interface SigningClient {
  ip: string | null;
  userAgent: string | null;
}
// A user agent is whatever the client sends: kept, but bounded.
const USER_AGENT_MAX = 1000;

const toVersion = (row: Awaited<ReturnType<typeof repo.findCurrentVersion>>): UndertakingVersion => ({
  ...row,
  created_at: iso(row.created_at),
});

export const toSignature = (row: repo.SignatureRow): UndertakingSignature => ({
  ...row,
  // A typed name that is not the signer's account name is accepted, and shown as such (decision 047).
  name_differs: !isSignerAccountName(row.full_name, row.account_name),
  accepted_at: iso(row.accepted_at),
});

/** GET /undertaking: the text a funder is asked to sign now. */
export async function getCurrentUndertaking(db: Db): Promise<UndertakingVersion> {
  return toVersion(await repo.findCurrentVersion(db));
}

/** GET /admin/undertaking: the Settings editor's current text and the versions so far. */
export async function getAdminUndertaking(db: Db): Promise<AdminUndertakingResponse> {
  const [current, versions] = await Promise.all([repo.findCurrentVersion(db), repo.listVersions(db)]);
  return {
    current: toVersion(current),
    versions: versions.map((v) => ({ ...v, created_at: iso(v.created_at) })),
  };
}

/**
 * PUT /admin/undertaking: a new version with the admin's text, signed from now on; signatures
 * already given keep the version they signed. The same text again is refused (400).
 */
export async function updateUndertaking(
  db: Db,
  options: { viewer: Viewer; text: string },
): Promise<AdminUndertakingResponse> {
  const { viewer, text } = options;
  await auditedTransaction(db, async (trx) => {
    const current = await repo.lockCurrentVersion(trx);
    if (current.text === text)
      throw validationFailed([{ field: 'text', message: undertakingMessages.unchanged }]);
    const next = { version: current.version + 1, text, sha256: sha256Hex(text) };
    await repo.insertVersion(trx, { ...next, createdBy: viewer.id });
    await recordAudit(trx, {
      actor: { id: viewer.id, name: viewer.name },
      action: 'undertaking.updated',
      targetType: 'undertaking',
      targetId: String(next.version),
      before: { version: current.version, sha256: current.sha256 },
      after: { version: next.version, sha256: next.sha256 },
    });
  });
  return getAdminUndertaking(db);
}

/**
 * Stores the funder's signature on a request, in the caller's transaction (the request's own, or
 * the legacy acceptance's), and answers what the audit entry records. The version signed is the
 * current one; one the funder was shown that is no longer current is refused (409) rather than
 * recorded against text they did not read. Its text's SHA-256 is stored with the signature.
 */
export async function signUndertaking(
  trx: Db,
  options: {
    accessRequestId: string;
    funderId: string;
    companyName: string | null;
    input: UndertakingAcceptanceInput;
    client: SigningClient;
  },
) {
  const { input, client } = options;
  const current = await repo.findCurrentVersion(trx);
  if (input.version !== undefined && input.version !== current.version)
    throw conflict(undertakingMessages.changed);
  const account = await repo.findAccountName(trx, options.funderId);
  const inserted = await repo.insertSignature(trx, {
    accessRequestId: options.accessRequestId,
    funderId: options.funderId,
    version: current.version,
    textSha256: sha256Hex(current.text),
    // Normalised by the schema (normaliseSignerName): what is stored is what the PDF prints.
    fullName: input.full_name,
    accountName: account.name,
    companyName: options.companyName,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) || null,
  });
  if (!inserted) throw conflict(undertakingMessages.alreadyAccepted);
  // 'name' and 'company_name' are among the keys the audit erasure blanks (decision 024).
  return {
    version: current.version,
    sha256: sha256Hex(current.text),
    name: input.full_name,
    company_name: options.companyName,
  };
}

/** A request the viewer may see the signature of: its funder, its project's developer, an admin. */
async function requestForParty(db: Db, viewer: Viewer, accessRequestId: string) {
  const request = await repo.findRequestParties(db, accessRequestId);
  const isParty = request && (request.funder_id === viewer.id || request.borrower_id === viewer.id);
  if (!request || !(isParty || viewer.role === 'admin')) throw notFound(accessMessages.notFound);
  return request;
}

/** GET /access-requests/{id}/undertaking: the request's signature, or null (granted before undertakings). */
export async function getRequestUndertaking(
  db: Db,
  options: { viewer: Viewer; accessRequestId: string },
): Promise<RequestUndertakingResponse> {
  const request = await requestForParty(db, options.viewer, options.accessRequestId);
  const signature = await repo.findSignature(db, request.id);
  return { access_request_id: request.id, undertaking: signature ? toSignature(signature) : null };
}

/** Requests that no longer give access to anything: there is nothing left to sign for. */
const closedStatuses: readonly string[] = ['declined', 'closed', 'revoked'];

/**
 * POST /access-requests/{id}/undertaking: the funder of a request without a signature (one made
 * before undertakings existed) signs it now. Someone else's request is 404; one already signed,
 * or declined, closed or revoked, is 409. The signature and its audit entry commit together.
 */
export async function acceptUndertaking(
  db: Db,
  options: {
    viewer: Viewer;
    accessRequestId: string;
    input: UndertakingAcceptanceInput;
    client: SigningClient;
  },
): Promise<RequestUndertakingResponse> {
  const { viewer, accessRequestId } = options;
  const request = await repo.findRequestParties(db, accessRequestId);
  if (!request || request.funder_id !== viewer.id) throw notFound(accessMessages.notFound);
  if (closedStatuses.includes(request.status)) throw conflict(undertakingMessages.requestClosed);
  await auditedTransaction(db, async (trx) => {
    const company = await trx
      .selectFrom('profile')
      .select('company_name')
      .where('user_id', '=', viewer.id)
      .executeTakeFirst();
    const signed = await signUndertaking(trx, {
      accessRequestId: request.id,
      funderId: viewer.id,
      companyName: company?.company_name ?? null,
      input: options.input,
      client: options.client,
    });
    await recordAudit(trx, {
      actor: { id: viewer.id, name: viewer.name },
      action: 'access_request.undertaking_accepted',
      targetType: 'access_request',
      targetId: request.id,
      after: { undertaking: signed },
    });
    // The developer's open list and deal room show the signature at once.
    await publishLiveEvent(trx, [viewer.id, request.borrower_id], {
      type: 'access_request',
      access_request_id: request.id,
      status: request.status,
    });
  });
  return getRequestUndertaking(db, { viewer, accessRequestId: request.id });
}

/**
 * GET /access-requests/{id}/undertaking.pdf: the signed undertaking for the request's parties and
 * admins. The reader is checked at once; the PDF is made only when it is sent (not for a HEAD).
 */
export async function signedUndertakingPdf(
  db: Db,
  options: { viewer: Viewer; accessRequestId: string },
): Promise<OpenedFile> {
  const request = await requestForParty(db, options.viewer, options.accessRequestId);
  const record = await repo.findSignedRecord(db, request.id);
  if (!record) throw notFound(undertakingMessages.notFound);
  const date = iso(record.accepted_at).slice(0, 10);
  return generatedFile(
    { fileName: `Confidentiality undertaking ${record.full_name} ${date}.pdf`, mimeType: 'application/pdf' },
    () =>
      renderSignedUndertaking({
        accessRequestId: request.id,
        // The preview words: the same PDF for a funder not (or no longer) granted the full file.
        projectName: projectInPreviewWords(request),
        version: record.version,
        text: record.text,
        textSha256: record.text_sha256,
        fullName: record.full_name,
        accountName: record.account_name,
        companyName: record.company_name,
        acceptedAt: new Date(record.accepted_at),
        ip: record.ip,
        userAgent: record.user_agent,
      }),
  );
}

/**
 * The legacy gate, in one place for every entry to the full file: a funder whose access was granted
 * before undertakings existed (no signature on the request) is refused with 403
 * UNDERTAKING_REQUIRED, which the web app answers by offering the undertaking to sign, before a
 * project or deal document is opened and before any deal-room action. Developers, admins and a
 * funder reaching someone else's request pass through untouched (their own checks decide).
 * `projectId` concerns the viewer's granted requests on that project.
 */
export async function assertUndertakingAccepted(
  db: Db,
  viewer: Viewer,
  target: { accessRequestId: string } | { projectId: string },
): Promise<void> {
  if (viewer.role !== 'funder') return;
  const unsigned = await repo.unsignedRequestsOf(
    db,
    viewer.id,
    'accessRequestId' in target ? target : { projectId: target.projectId, statuses: grantedAccessStatuses },
  );
  if (unsigned.length > 0)
    throw new AppError('UNDERTAKING_REQUIRED', undertakingMessages.requiredBeforeAccess);
}
