/**
 * Whole-document touches of the OpenAPI document (issue 23 item 11): operation ids, tag
 * descriptions and OpenAPI 3.0 nullability, applied to what @fastify/swagger built from the routes.
 */

/** What each tag of the API is about; a tag used by a route must be described here (a test checks). */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: "The signed-in user, their role and profile. Sign-up, sign-in and sign-out are Better Auth's own endpoints under /api/auth (not listed).",
  users: "Profiles, a person's own data export and account deletion.",
  system: 'Health of the server and its database.',
  projects: "Development projects: a developer's listings, the marketplace and a listing's details.",
  documents: "A project's data room: uploads, downloads and views (stamped for readers), traces and reports.",
  payments: "Listing fees, card confirmation and the payment provider's webhook.",
  subscriptions: "A funder's monthly subscription.",
  admin: 'The admin console: approvals, overrides, users, payments, settings, analytics and exports.',
  settings: 'Prices and settings that apply to everyone.',
  geocode: "Australian address look-ups for a project's site.",
  'access requests': "A funder's request for a listing's data room, and the developer's answer.",
  undertaking: 'The confidentiality undertaking a funder signs before the data room opens.',
  dashboard: "The funder's dashboard.",
  deals: 'Deal rooms between a developer and a funder: figures, comments, contact sharing, portfolio.',
  'deal documents': 'Documents exchanged and requested inside a deal room.',
  proposals: 'Funding proposals (quotes) in a deal room and their answers.',
  messages: 'Conversations between funders, developers and the Plinth team.',
  notifications: 'The notification bell and e-mail preferences.',
  'funder-criteria': "A funder's lending criteria, matched against new listings.",
  events: 'Live events for the signed-in user (server-sent events).',
  'ai-chat': 'BrokerAI: chat sessions about a project or deal, and its memo.',
  facilities:
    'Loan administration: a facility after the close, its parties and surveyor, budget, equity, in-balance test, ledger and statements.',
  draws:
    "A facility's draws: the developer's claims, the quantity surveyor's certification, the funder's decision and funding, threads, the payment schedule.",
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

const pascal = (segment: string) =>
  segment
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/** "projects" before "{id}" names one project: "access-requests" → "access-request" ("status" stays). */
const singular = (segment: string) => {
  if (/(ss|us|is)$/.test(segment)) return segment;
  if (segment.endsWith('ies')) return `${segment.slice(0, -3)}y`;
  return segment.endsWith('s') ? segment.slice(0, -1) : segment;
};

/**
 * A readable, stable operation id from the method and path alone: `GET /api/projects/{id}/documents`
 * → `getProjectDocuments`, `PUT /api/funder-criteria` → `putFunderCriteria`. A path parameter is
 * left out and makes the segment before it singular.
 */
export function operationIdOf(method: string, path: string): string {
  const segments = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const words = segments.flatMap((segment, index) => {
    if (segment.startsWith('{')) return [];
    const next = segments[index + 1];
    return [pascal(next?.startsWith('{') ? singular(segment) : segment)];
  });
  return method.toLowerCase() + words.join('');
}

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type` (redocly's nullable-type-sibling). zod writes
 * `x.nullable()` of a union as `{ anyOf: [...], nullable: true }`: null is allowed by making every
 * branch nullable instead; on a schema without type and branches (any value) it says nothing.
 */
function makeNullable(schema: Json) {
  if (typeof schema.type === 'string') {
    schema.nullable = true;
    return;
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const branches = schema[key];
    if (Array.isArray(branches)) for (const branch of branches) if (isObject(branch)) makeNullable(branch);
  }
}

function fixNullable(node: unknown) {
  if (Array.isArray(node)) {
    for (const item of node) fixNullable(item);
    return;
  }
  if (!isObject(node)) return;
  if (node.nullable === true && node.type === undefined) {
    delete node.nullable;
    makeNullable(node);
  }
  for (const value of Object.values(node)) fixNullable(value);
}

/** Operation ids, described tags (in order of first use) and 3.0 nullability, on the built document. */
export function shapeDocument<T extends Json>(document: T): T {
  const used: string[] = [];
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      for (const tag of (operation.tags as string[] | undefined) ?? [])
        if (!used.includes(tag)) used.push(tag);
    }
  }
  fixNullable(document);
  return {
    ...document,
    tags: used.map((name) =>
      TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name },
    ),
  };
}
