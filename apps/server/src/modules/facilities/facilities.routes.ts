import { errorResponse, errorResponses } from '@plinth/domain/api-errors';
import { dealIdParams } from '@plinth/domain/deals';
import {
  addPartyBody,
  addPartyResponse,
  budgetImportResponse,
  budgetResponse,
  budgetVersion,
  createFacilityBody,
  equityBody,
  equityContribution,
  equityList,
  facility,
  facilityIdParams,
  facilityList,
  inBalanceResponse,
  ledgerResponse,
  pageQuery,
  partiesResponse,
  putBudgetBody,
  surveyorOnboardingBody,
  surveyorOnboardingResponse,
} from '@plinth/domain/facilities';
import { budgetCategories } from '@plinth/domain/facility/budget';
import {
  cureDefaultBody,
  declareDefaultBody,
  facilityDefaultResponse,
} from '@plinth/domain/facility/facility-default';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import { badRequest } from '../../errors';
import { sendFile } from '../documents/send-file';
import * as budget from './budget.service';
import * as defaults from './default.service';
import * as facilities from './facilities.service';
import * as ledger from './ledger.service';
import * as parties from './parties.service';

const errors = errorResponses(400, 401, 403, 404, 409);

const cents = z.number().int();
/** GET /api/facilities/{id}/cost-report (decision 078). */
const costReportResponse = z.object({
  lines: z.array(
    z.object({
      budget_line_id: z.string(),
      code: z.string(),
      name: z.string(),
      category: z.enum(budgetCategories),
      funded_by: z.enum(['debt', 'equity']),
      budget_cents: cents,
      claimed_cents: cents,
      certified_cents: cents,
      paid_cents: cents,
      retention_held_cents: cents,
      /** The surveyor's latest cost to complete for the line, null before any. */
      cost_to_complete_cents: cents.nullable(),
      /** What the in-balance test counts for the line, null for a line it does not test. */
      to_complete_cents: cents.nullable(),
    }),
  ),
  totals: z.object({
    budget_cents: cents,
    claimed_cents: cents,
    certified_cents: cents,
    paid_cents: cents,
    retention_held_cents: cents,
    to_complete_cents: cents,
  }),
  contingency: z.object({ budget_cents: cents, used_cents: cents }),
  in_balance: z.boolean(),
  shortfall_cents: cents,
});

const tags = ['facilities'];
/** Every facility party's role, and admins (who read, never act). */
const everyone = ['borrower', 'funder', 'surveyor', 'admin'] as const;

/**
 * Loan administration, the facility side (issue 33 items 1, 2, 4, 5; decisions 055 and 056). Who may
 * call a route by role is decided here before the body is read; which facility a caller may reach,
 * and what their part in it allows, in facility-access.ts (a stranger: 404; a party of another
 * role: 403). Every write takes an Idempotency-Key (the idempotency plugin).
 */
export const facilitiesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;
  const readers = guards.requireRole(...everyone);
  const funders = guards.requireRole('funder');
  const developerOrFunder = guards.requireRole('borrower', 'funder');

  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_r, body, done) => done(null, body),
  );

  app.post(
    '/api/deals/:id/facility',
    {
      onRequest: funders,
      schema: {
        tags,
        summary:
          "Set up the facility of a completed deal from its accepted quote (the deal's funder); every term may be given, the rest come from the quote",
        params: dealIdParams,
        body: createFacilityBody,
        response: { 201: facility, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await facilities.createFacility(deps, {
          viewer: viewerOf(request),
          dealId: request.params.id,
          body: request.body,
        }),
      ),
  );

  app.get(
    '/api/facilities',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: "The caller's facilities (a party's; every one for admins), newest first, paginated",
        querystring: pageQuery,
        response: { 200: facilityList, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      await parties.acceptFunderInvites(db, viewer);
      return facilities.listFacilities(db, {
        viewer,
        limit: request.query.limit,
        cursor: request.query.cursor,
      });
    },
  );

  app.get(
    '/api/facilities/:id',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'A facility, its terms and headline figures, for its parties and admins',
        params: facilityIdParams,
        response: { 200: facility, ...errors },
      },
    },
    (request) => facilities.getFacility(db, { viewer: viewerOf(request), facilityId: request.params.id }),
  );

  app.post(
    '/api/facilities/:id/activate',
    {
      onRequest: funders,
      schema: {
        tags,
        summary: 'The funder activates the facility once the budget is approved: its ledger opens',
        params: facilityIdParams,
        response: { 200: facility, ...errors },
      },
    },
    (request) =>
      facilities.activateFacility(deps, { viewer: viewerOf(request), facilityId: request.params.id }),
  );

  app.post(
    '/api/facilities/:id/default',
    {
      onRequest: funders,
      schema: {
        tags,
        summary:
          'The funder declares an event of default from declared_on (not in the future, not before the facility opened): the default margin applies from that day, interest already accrued is restated, the developer and co-funders are told',
        params: facilityIdParams,
        body: declareDefaultBody,
        response: { 200: facilityDefaultResponse, ...errors },
      },
    },
    (request) =>
      defaults.declareDefault(deps, {
        viewer: viewerOf(request),
        facilityId: request.params.id,
        body: request.body,
      }),
  );

  app.post(
    '/api/facilities/:id/cure',
    {
      onRequest: funders,
      schema: {
        tags,
        summary:
          'The funder cures the event of default from cured_on (not before it was declared, not in the future): the default margin stops that day and interest already accrued is restated',
        params: facilityIdParams,
        body: cureDefaultBody,
        response: { 200: facilityDefaultResponse, ...errors },
      },
    },
    (request) =>
      defaults.cureDefault(deps, {
        viewer: viewerOf(request),
        facilityId: request.params.id,
        body: request.body,
      }),
  );

  app.get(
    '/api/facilities/:id/parties',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: "The facility's parties and open invitations",
        params: facilityIdParams,
        response: { 200: partiesResponse, ...errors },
      },
    },
    (request) => parties.getParties(db, { viewer: viewerOf(request), facilityId: request.params.id }),
  );

  app.post(
    '/api/facilities/:id/parties',
    {
      onRequest: funders,
      schema: {
        tags,
        summary:
          'The funder adds the quantity surveyor or a co-funder by e-mail: added at once if signed up with that role, else invited',
        params: facilityIdParams,
        body: addPartyBody,
        response: { 201: addPartyResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await parties.addParty(deps, {
          viewer: viewerOf(request),
          facilityId: request.params.id,
          body: request.body,
        }),
      ),
  );

  app.post(
    '/api/surveyor/onboarding',
    {
      onRequest: guards.requireSession,
      schema: {
        tags,
        summary:
          'An invited quantity surveyor takes the surveyor role with a short profile (company, ABN, phone; no subscription) and joins the facilities that invited them',
        body: surveyorOnboardingBody,
        response: { 200: surveyorOnboardingResponse, ...errors },
      },
    },
    (request) => parties.surveyorOnboarding(deps, { viewer: viewerOf(request), body: request.body }),
  );

  app.get(
    '/api/facilities/:id/budget',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'The approved budget, the draft awaiting approval, and every version',
        params: facilityIdParams,
        response: { 200: budgetResponse, ...errors },
      },
    },
    (request) => budget.getBudget(db, { viewer: viewerOf(request), facilityId: request.params.id }),
  );

  app.put(
    '/api/facilities/:id/budget',
    {
      onRequest: developerOrFunder,
      schema: {
        tags,
        summary: 'Save the budget as a new draft version (an approved version is never edited)',
        params: facilityIdParams,
        body: putBudgetBody,
        response: { 200: budgetVersion, ...errors },
      },
    },
    (request) =>
      budget.putBudget(deps, {
        viewer: viewerOf(request),
        facilityId: request.params.id,
        body: request.body,
      }),
  );

  app.post(
    '/api/facilities/:id/budget/import',
    {
      onRequest: developerOrFunder,
      schema: {
        tags,
        summary:
          'Import the draft budget from CSV (header: code,name,category,amount_cents|amount,funded_by); every row error at once',
        consumes: ['text/csv'],
        params: facilityIdParams,
        body: z.string().meta({ description: 'The CSV file' }),
        response: { 200: budgetImportResponse, ...errors, 413: errorResponse, 415: errorResponse },
      },
    },
    (request) => {
      if (typeof request.body !== 'string') throw badRequest('Send the CSV as text/csv');
      return budget.importBudget(deps, {
        viewer: viewerOf(request),
        facilityId: request.params.id,
        csv: request.body,
      });
    },
  );

  app.post(
    '/api/facilities/:id/budget/approve',
    {
      onRequest: funders,
      schema: {
        tags,
        summary: 'The funder approves the draft budget; the previously approved version is superseded',
        params: facilityIdParams,
        response: { 200: budgetVersion, ...errors },
      },
    },
    (request) => budget.approveBudget(deps, { viewer: viewerOf(request), facilityId: request.params.id }),
  );

  app.get(
    '/api/facilities/:id/equity',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'Equity received, oldest first',
        params: facilityIdParams,
        response: { 200: equityList, ...errors },
      },
    },
    (request) => budget.listEquity(db, { viewer: viewerOf(request), facilityId: request.params.id }),
  );

  app.post(
    '/api/facilities/:id/equity',
    {
      onRequest: developerOrFunder,
      schema: {
        tags,
        summary: 'Record equity paid in (a journal: equity in hand / equity contributed)',
        params: facilityIdParams,
        body: equityBody,
        response: { 201: equityContribution, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await budget.recordEquity(deps, {
          viewer: viewerOf(request),
          facilityId: request.params.id,
          body: request.body,
        }),
      ),
  );

  app.get(
    '/api/facilities/:id/in-balance',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'The in-balance test: available, required line by line, shortfall',
        params: facilityIdParams,
        response: { 200: inBalanceResponse, ...errors },
      },
    },
    (request) => ledger.getInBalance(db, { viewer: viewerOf(request), facilityId: request.params.id }),
  );

  app.get(
    '/api/facilities/:id/cost-report',
    {
      onRequest: readers,
      schema: {
        tags,
        summary:
          'The cost report by budget line: budget, claimed, certified, paid, retention held and what each line still needs (the in-balance figure)',
        params: facilityIdParams,
        response: { 200: costReportResponse, ...errors },
      },
    },
    (request) => ledger.getCostReport(db, { viewer: viewerOf(request), facilityId: request.params.id }),
  );

  app.get(
    '/api/facilities/:id/ledger',
    {
      onRequest: readers,
      schema: {
        tags,
        summary:
          "The facility's journals with their postings, oldest first, paginated; every account's balance",
        params: facilityIdParams,
        querystring: pageQuery,
        response: { 200: ledgerResponse, ...errors },
      },
    },
    (request) =>
      ledger.getLedger(db, {
        viewer: viewerOf(request),
        facilityId: request.params.id,
        limit: request.query.limit,
        cursor: request.query.cursor,
      }),
  );

  const file = (type: string) => ({
    description: 'The statement (attachment)',
    content: { [type]: { schema: z.string().meta({ format: 'binary' }) } },
  });

  app.get(
    '/api/facilities/:id/statement.csv',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'The statement as CSV: one row per posting',
        params: facilityIdParams,
        produces: ['text/csv'],
        response: { 200: file('text/csv'), ...errors },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        'attachment',
        await ledger.statementCsv(db, { viewer: viewerOf(request), facilityId: request.params.id }),
      ),
  );

  app.get(
    '/api/facilities/:id/statement.pdf',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: "The statement as PDF; a copy stamped with the reader's name for every party but the funder",
        params: facilityIdParams,
        produces: ['application/pdf'],
        response: { 200: file('application/pdf'), ...errors },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        'attachment',
        await ledger.statementPdf(db, { viewer: viewerOf(request), facilityId: request.params.id }),
      ),
  );
};
