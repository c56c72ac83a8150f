import {
  adminActionResponse,
  adminProjectsQuery,
  adminProjectsResponse,
  adminStatsResponse,
  adminUser,
  adminUserActionResponse,
  adminUserIdParams,
  adminUsersQuery,
  adminUsersResponse,
  approveProjectBody,
  checkPaymentResponse,
  confirmPaymentBody,
  denyProjectBody,
  denySubscriptionBody,
  forcePublishBody,
  overrideBody,
  overrideHistoryQuery,
  overrideHistoryResponse,
  syncPaymentResponse,
  updateProjectStatusBody,
} from '@plinth/domain/admin';
import { errorResponses } from '@plinth/domain/api-errors';
import { projectIdParams } from '@plinth/domain/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { viewerOf } from '../../auth/guards';
import * as admin from './admin.service';
import * as people from './admin-people.service';

const errors = errorResponses(400, 401, 403, 404, 409);

const tags = ['admin'];

/**
 * The admin calls of spec 001 section 7 used by the Overview, the Projects tab, override history and
 * the people tabs (Users, Subscriptions, Funders).
 */
export const adminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;
  // Every route of this plugin is admin-only: 401 without a session and 403 for any other role,
  // decided in onRequest, before a body is read or a project looked up.
  app.addHook('onRequest', guards.requireRole('admin'));

  app.get(
    '/api/admin/projects',
    {
      schema: {
        tags,
        summary: 'Projects for review: filter, page, and the number pending review',
        querystring: adminProjectsQuery,
        response: { 200: adminProjectsResponse, ...errors },
      },
    },
    (request) => admin.listProjects(db, request.query),
  );

  app.get(
    '/api/admin/stats',
    {
      schema: {
        tags,
        summary: 'Overview cards: users, projects, live projects, revenue (whole AUD)',
        response: { 200: adminStatsResponse, ...errors },
      },
    },
    () => admin.getStats(db),
  );

  app.get(
    '/api/admin/override-history',
    {
      schema: {
        tags,
        summary: "Admins' audit entries, newest first",
        querystring: overrideHistoryQuery,
        response: { 200: overrideHistoryResponse, ...errors },
      },
    },
    (request) => admin.getOverrideHistory(db, { limit: request.query.limit }),
  );

  const action = { params: projectIdParams, response: { 200: adminActionResponse, ...errors } };

  app.post(
    '/api/admin/approve-project/:id',
    {
      schema: {
        tags,
        summary: 'Approve & Publish (or re-approve a rejected, paid project); an optional override reason',
        body: approveProjectBody,
        ...action,
      },
    },
    (request) =>
      admin.approveProject(deps, {
        viewer: viewerOf(request),
        projectId: request.params.id,
        reason: request.body?.reason ?? null,
      }),
  );

  app.post(
    '/api/admin/deny-project/:id',
    {
      schema: {
        tags,
        summary: 'Deny with a reason; optionally return it to draft as payment not received',
        body: denyProjectBody,
        ...action,
      },
    },
    (request) =>
      admin.denyProject(deps, {
        viewer: viewerOf(request),
        projectId: request.params.id,
        reason: request.body.reason,
        paymentNotReceived: request.body.payment_not_received,
      }),
  );

  app.post(
    '/api/admin/payment-failed/:id',
    { schema: { tags, summary: 'Mark the payment of a project under review as failed', ...action } },
    (request) => admin.markPaymentFailed(deps, { viewer: viewerOf(request), projectId: request.params.id }),
  );

  app.post(
    '/api/admin/force-publish-project/:id',
    {
      schema: { tags, summary: 'Override: publish an unpaid project', body: forcePublishBody, ...action },
    },
    (request) =>
      admin.forcePublishProject(deps, {
        viewer: viewerOf(request),
        projectId: request.params.id,
        reason: request.body.reason,
      }),
  );

  app.post(
    '/api/admin/revert-to-draft/:id',
    {
      schema: {
        tags,
        summary: 'Override: return a project to an unpaid draft',
        body: overrideBody,
        ...action,
      },
    },
    (request) =>
      admin.revertToDraft(deps, {
        viewer: viewerOf(request),
        projectId: request.params.id,
        reason: request.body.reason,
      }),
  );

  app.post(
    '/api/admin/reject-project/:id',
    { schema: { tags, summary: 'Override: reject a paid project', body: overrideBody, ...action } },
    (request) =>
      admin.rejectProject(deps, {
        viewer: viewerOf(request),
        projectId: request.params.id,
        reason: request.body.reason,
      }),
  );

  app.post(
    '/api/admin/update-project-status/:id',
    {
      schema: {
        tags,
        summary: 'Change Status: set one of the five listing states, with a reason',
        body: updateProjectStatusBody,
        ...action,
      },
    },
    (request) =>
      admin.updateProjectStatus(deps, {
        viewer: viewerOf(request),
        projectId: request.params.id,
        status: request.body.status,
        reason: request.body.reason,
      }),
  );

  app.delete(
    '/api/admin/delete-project/:id',
    {
      schema: {
        tags,
        summary: 'Override: delete a project (audited with a snapshot of it)',
        body: overrideBody,
        ...action,
      },
    },
    (request) =>
      admin.deleteProject(
        { ...deps, log: request.log },
        {
          viewer: viewerOf(request),
          projectId: request.params.id,
          reason: request.body.reason,
        },
      ),
  );

  app.post(
    '/api/admin/confirm-payment/:id',
    {
      schema: {
        tags,
        summary: 'Override: apply a payment the provider reports as succeeded (project goes under review)',
        body: confirmPaymentBody,
        ...action,
      },
    },
    (request) =>
      admin.confirmPayment(deps, {
        viewer: viewerOf(request),
        projectId: request.params.id,
        paymentIntentId: request.body.paymentIntentId,
        reason: request.body.reason,
      }),
  );

  app.post(
    '/api/admin/check-stripe-payment/:id',
    {
      schema: {
        tags,
        summary: "Ask the payment provider about a project's listing payment",
        params: projectIdParams,
        response: { 200: checkPaymentResponse, ...errors },
      },
    },
    (request) => admin.checkPayment(deps, { projectId: request.params.id }),
  );

  app.post(
    '/api/admin/sync-stripe-payment/:id',
    {
      schema: {
        tags,
        summary: "Apply the payment provider's real payment state to a project",
        params: projectIdParams,
        response: { 200: syncPaymentResponse, ...errors },
      },
    },
    (request) => admin.syncPayment(deps, { viewer: viewerOf(request), projectId: request.params.id }),
  );

  // --- People: Users, Subscriptions and Funders tabs ---

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: 'People, newest first: role and filter, page, and the tab counts',
        querystring: adminUsersQuery,
        response: { 200: adminUsersResponse, ...errors },
      },
    },
    (request) => people.listUsers(db, request.query),
  );

  app.get(
    '/api/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'One person as the Users tab shows them (the override history links here); 404 if gone',
        params: adminUserIdParams,
        response: { 200: adminUser, ...errors },
      },
    },
    (request) => people.getUser(db, request.params.id),
  );

  const userAction = { params: adminUserIdParams, response: { 200: adminUserActionResponse, ...errors } };

  app.put(
    '/api/admin/users/:id/approve',
    { schema: { tags, summary: 'Approve a person who is not approved yet', ...userAction } },
    (request) => people.approveUser(deps, { viewer: viewerOf(request), userId: request.params.id }),
  );

  app.post(
    '/api/admin/approve-subscription/:id',
    {
      schema: {
        tags,
        summary: "Approve a funder's subscription awaiting review (active for one month)",
        ...userAction,
      },
    },
    (request) => people.approveSubscription(deps, { viewer: viewerOf(request), userId: request.params.id }),
  );

  app.post(
    '/api/admin/deny-subscription/:id',
    {
      schema: {
        tags,
        summary: "Deny a funder's subscription awaiting review, with the reason they are told",
        body: denySubscriptionBody,
        ...userAction,
      },
    },
    (request) =>
      people.denySubscription(deps, {
        viewer: viewerOf(request),
        userId: request.params.id,
        reason: request.body.reason,
      }),
  );

  app.post(
    '/api/admin/subscription-failed/:id',
    {
      schema: {
        tags,
        summary: 'Mark the payment of a subscription awaiting review as failed',
        ...userAction,
      },
    },
    (request) =>
      people.markSubscriptionFailed(deps, { viewer: viewerOf(request), userId: request.params.id }),
  );

  app.post(
    '/api/admin/force-approve-funder/:id',
    {
      schema: {
        tags,
        summary: 'Override: approve a funder and activate their subscription',
        body: overrideBody,
        ...userAction,
      },
    },
    (request) =>
      people.forceApproveFunder(deps, {
        viewer: viewerOf(request),
        userId: request.params.id,
        reason: request.body.reason,
      }),
  );
};
