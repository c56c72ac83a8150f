import { adminMessage, message } from '@plinth/domain/access';
import { deal, dealComment } from '@plinth/domain/deals';
import { projectDocument } from '@plinth/domain/documents';
import { marketplaceResponse, projectDetailResponse } from '@plinth/domain/marketplace';
import { notificationPreferencesSchema } from '@plinth/domain/notifications';
import {
  createProjectBody,
  myProjectsResponse,
  projectResponse,
  saveProjectBody,
} from '@plinth/domain/projects';
import { proposal } from '@plinth/domain/proposals';
import { z } from 'zod';

/**
 * The API's main types by name (issue 36 item 1, decision 073): registered with zod's global
 * registry, each is one component (`components.schemas.Project`) that every operation using it
 * references, wherever it appears (fastify-type-provider-zod writes the $ref). A schema read as a
 * request body gets the component `<Name>Input` (zod's input and output may differ). Every other
 * body and answer is named from its operation (document-shape.ts).
 */
const NAMED: [z.ZodType, string, string][] = [
  [projectResponse, 'Project', "A developer's project (listing) as its owner and admins read it"],
  [
    projectDetailResponse,
    'ProjectDetail',
    "A listing's page: the project, its developer and what the reader may do",
  ],
  [myProjectsResponse, 'MyProjects', "A developer's own projects: a page of them, the tab counts and stats"],
  [marketplaceResponse, 'MarketplacePage', "A page of the marketplace's listings for a funder"],
  [saveProjectBody, 'ProjectFields', "A project's fields, as the wizard saves them"],
  [createProjectBody, 'NewProject', "A new project's fields: those a project cannot go without are required"],
  [projectDocument, 'ProjectDocument', "A file of a project's data room"],
  [deal, 'Deal', 'A deal room between a developer and a funder: parties, stage and the figures'],
  [dealComment, 'DealComment', "A comment in a deal room's discussion"],
  [proposal, 'Proposal', 'A funding proposal (quote) in a deal room'],
  [message, 'Message', 'A message between a funder and a developer'],
  [adminMessage, 'AdminMessage', 'A message between a user and the Plinth team'],
  [notificationPreferencesSchema, 'NotificationPreferences', 'Which e-mails a user receives'],
];

let registered = false;

/** Registers the names once per process (the registry is global; a second id would throw). */
export function registerNamedSchemas() {
  if (registered) return;
  registered = true;
  for (const [schema, id, description] of NAMED) {
    if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id, description });
  }
}
