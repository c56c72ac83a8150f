import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { as, createUser, type TestApp, type TestUser } from '../helpers';
import { createEngaged, type Engaged } from './deals';

export type DealRoom = Engaged;

/**
 * Factory: a developer's listing, an active funder granted access, and the deal room the funder
 * opened with Engage (POST /api/deals), its access request in due diligence.
 */
export const createDealRoom = (t: TestApp, options: { developer?: TestUser; funder?: TestUser } = {}) =>
  createEngaged(t, options);

/** The people who may not act in a room: a third funder, another developer, an admin. */
export async function createOutsiders(app: FastifyInstance) {
  const [funder, developer, admin] = await Promise.all([
    createUser(app, { role: 'funder', approved: true, profile: 'default', name: 'Third Funder' }),
    createUser(app, { role: 'borrower', profile: 'default', name: 'Other Developer' }),
    createUser(app, { role: 'admin', name: 'Ada Admin' }),
  ]);
  return { funder, developer, admin };
}

/** A valid quote; override what a test is about. */
export const quoteBody = (overrides: Record<string, unknown> = {}) => ({
  loan_amount: 2_400_000,
  interest_rate: 9.25,
  loan_term: 18,
  establishment_fee: 24_000,
  other_fees: 'Line fee 0.5% p.a.',
  conditions: 'First mortgage; QS sign-off on each draw.',
  ...overrides,
});

export const submitQuote = (app: FastifyInstance, user: TestUser | null, dealId: string, body: unknown) =>
  as(app, user, { method: 'POST', url: `/api/deals/${dealId}/proposals`, payload: body as object });

export const respond = (app: FastifyInstance, user: TestUser | null, proposalId: string, body: unknown) =>
  as(app, user, { method: 'PUT', url: `/api/proposals/${proposalId}/respond`, payload: body as object });

/** A deal-room multipart body: `documents` files, and a `request_id` field before or after them. */
export function dealUploadBody(
  files: { name: string; content: Buffer | (() => AsyncIterable<Buffer>) }[],
  options: { requestId?: string; requestIdLast?: boolean } = {},
) {
  const boundary = `----plinth-deal-${randomUUID()}`;
  const field =
    options.requestId === undefined
      ? ''
      : `--${boundary}\r\ncontent-disposition: form-data; name="request_id"\r\n\r\n${options.requestId}\r\n`;
  async function* generate() {
    if (!options.requestIdLast) yield Buffer.from(field);
    for (const file of files) {
      yield Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="documents"; filename="${file.name}"\r\n` +
          'content-type: application/octet-stream\r\n\r\n',
      );
      if (Buffer.isBuffer(file.content)) yield file.content;
      else yield* file.content();
      yield Buffer.from('\r\n');
    }
    if (options.requestIdLast) yield Buffer.from(field);
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(generate(), { objectMode: false }),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function uploadDealDocuments(
  app: FastifyInstance,
  user: TestUser | null,
  dealId: string,
  files: { name: string; content: Buffer | (() => AsyncIterable<Buffer>) }[],
  options: { requestId?: string; requestIdLast?: boolean } = {},
) {
  const body = dealUploadBody(files, options);
  return as(app, user, {
    method: 'POST',
    url: `/api/deals/${dealId}/documents`,
    headers: body.headers,
    payload: body.payload,
  });
}

export const requestDocument = (
  app: FastifyInstance,
  user: TestUser | null,
  dealId: string,
  body: unknown = { document_name: 'Signed construction contract', description: 'With the schedule.' },
) =>
  as(app, user, { method: 'POST', url: `/api/deals/${dealId}/document-requests`, payload: body as object });
