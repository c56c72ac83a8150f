/**
 * The permission matrix's expected answers (decision 023): for every operation of the OpenAPI
 * document, what each actor is told. Written from the specs (000 and 001, sections 6 and 7),
 * DESIGN.md (sections 1.2 and 6) and the decisions that settled what the specs leave open, not
 * copied from the server's answers. The actors and the objects they are called against are
 * described in support/permission-world.ts.
 *
 * Outcomes: allow = got past authorisation (2xx, or a 400/409/413/415/422/429 about the body or the
 * object's state); unauthenticated = 401; forbidden = 403 (the role may never call it, the caller's
 * own standing forbids it, or the caller sees the object but may not do this to it); not_found = 404
 * (the object is not the caller's to see, so its existence is not confirmed).
 */

export const actors = [
  'anonymous',
  'owner',
  'otherDeveloper',
  'unapprovedFunder',
  'subscribedFunder',
  'funderWithAccess',
  'admin',
  'surveyor',
] as const;
export type Actor = (typeof actors)[number];
export type Outcome = 'allow' | 'unauthenticated' | 'forbidden' | 'not_found';
export type Row = Record<Actor, Outcome>;

const A = 'allow';
const U = 'unauthenticated';
const F = 'forbidden';
const N = 'not_found';
type Cells = [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];

// Rows that recur.
/** No session needed (the webhook is authenticated by Stripe's signature instead). */
const open: Cells = [A, A, A, A, A, A, A, A];
/** Anyone signed in, acting on their own things. */
const signedIn: Cells = [U, A, A, A, A, A, A, A];
/** Developers' tools (a developer acting on nothing of anyone else's). */
const developers: Cells = [U, A, A, F, F, F, F, F];
/** The admin console (spec 001 section 7). */
const adminOnly: Cells = [U, F, F, F, F, F, A, F];
/** A developer's own listing or its payment: other developers are told it does not exist. */
const ownerOnly: Cells = [U, A, N, F, F, F, F, F];
/** The listing's file: its owner, admins and the funder granted access (spec 000 section 6). */
const file: Cells = [U, A, N, N, N, A, A, F];
/** A deal room read: its two parties and admins (decisions 015 and 019). */
const roomRead: Cells = [U, A, N, N, N, A, A, F];
/** A deal room write: its two parties; admins read rooms, never act in them. */
const roomWrite: Cells = [U, A, N, N, N, A, F, F];
/** A funder's own subscription (spec 001 section 2.4). */
const fundersOwn: Cells = [U, F, F, A, A, A, F, F];
/** Behind the marketplace gate: approved funders with an active subscription (spec 000 section 6). */
const marketplace: Cells = [U, F, F, F, A, A, F, F];
/**
 * A facility (issue 33; decision 055): its parties read it — the developer (owner), the funder
 * (funderWithAccess) and the appointed surveyor — and admins; everyone else is told it does not exist.
 */
const facilityRead: Cells = [U, A, N, N, N, A, A, A];
/** The facility's funder decides; a funder not party 404; other roles are refused by role. */
const facilityFunder: Cells = [U, F, F, N, N, A, F, F];
/** The developer or the funder writes (the budget, equity); a surveyor and admins may not. */
const facilityDeveloperOrFunder: Cells = [U, A, N, N, N, A, F, F];
/** The facility's developer alone (drafts, claims); funders and surveyors are refused by role. */
const facilityDeveloper: Cells = [U, A, N, F, F, F, F, F];
/** Something of the owner's alone (a chat, a notification): everyone else, admins too, 404. */
const privateToOwner: Cells = [U, A, N, N, N, N, N, N];

// Each row: [anonymous, owner, otherDeveloper, unapprovedFunder, subscribedFunder, funderWithAccess, admin,
// surveyor] — surveyor: the quantity surveyor appointed to the world's facility (issue 33). The
// marketplace's objects are not a surveyor's to see: a listing, its files and its conversations
// answer them 404 as for a stranger, and role-guarded routes 403.
// A new route needs a row written from the specs (and, if it takes a body or would change the shared
// world, a recipe in permission-matrix.test.ts); the test fails until it has one.
const table: Record<string, Cells> = {
  // --- Auth and the user's own account (spec 000 section 7; decisions 003, 018) ---
  // Better Auth's endpoints the web app uses (documented since decision 080): open to everyone;
  // signing out without a session or resetting with a wrong token is refused by the body, not the caller.
  'POST /api/auth/sign-up/email': open,
  'POST /api/auth/sign-in/email': open,
  'POST /api/auth/sign-out': open,
  'GET /api/auth/get-session': open,
  'POST /api/auth/request-password-reset': open,
  'POST /api/auth/reset-password': open,
  'GET /api/auth/me': signedIn,
  // Role chosen at sign-up is final: a second choice is a 409, past authorisation.
  'POST /api/auth/set-role': signedIn,
  // Onboarding is for developers and funders; admins are made by the CLI and have no profile to complete.
  'POST /api/auth/complete-profile': [U, A, A, A, A, A, F, F],
  // The owner's profile: their own; another person's is 403; admins read any (decision 003).
  'GET /api/users/{id}/profile': [U, A, F, F, F, F, A, F],
  // "All users: edit own name" — nobody edits another's, admins included.
  'PUT /api/users/{id}/profile': [U, A, F, F, F, F, F, F],
  'GET /api/users/me/data': signedIn,
  // Admin accounts are closed by the operator's CLI (decision 018).
  'DELETE /api/users/me': [U, A, A, A, A, A, F, A],

  // --- Public ---
  'GET /api/health': open,
  'GET /api/pricing': open,
  'POST /api/payments/webhook': open,

  // --- Projects (spec 000 sections 6 and 7; decision 005) ---
  // A developer's own list; the funders' marketplace behind the gate; admins use /api/admin/projects.
  'GET /api/projects': [U, A, A, F, A, A, F, F],
  'POST /api/projects': [U, A, A, F, F, F, F, F],
  // Other developers 404; an unapproved funder meets the gate; a funder without access sees the preview.
  'GET /api/projects/{id}': [U, A, N, F, A, A, A, N],
  // Only the owner edits (admins override status, not content).
  'PUT /api/projects/{id}': ownerOnly,
  'POST /api/projects/{id}/resubmit': ownerOnly,
  // The wizard's list of required types: configuration, not anyone's object; deliberately readable
  // by every role (documents.test.ts), as a file's readers may label documents with it.
  'GET /api/required-documents': signedIn,
  'POST /api/projects/{id}/documents': ownerOnly,
  'GET /api/projects/{id}/documents': [U, A, N, N, N, A, A, N],
  'DELETE /api/documents/{id}': ownerOnly,
  'GET /api/documents/{id}/download': [U, A, N, N, N, A, A, N],
  'GET /api/documents/{id}/view': [U, A, N, N, N, A, A, N],
  // Decision 049: a PDF read as page images (a reading, then its pages), for the file's readers.
  'GET /api/documents/{id}/pages': [U, A, N, N, N, A, A, N],
  'GET /api/documents/{id}/pages/{n}': [U, A, N, N, N, A, A, N],
  // Decision 034: the owner marks a PDF view only; tracing a download code is for the developer of
  // the code's project and admins (another developer is told there is no such download).
  'PATCH /api/documents/{id}': ownerOnly,
  'GET /api/document-trace': [U, A, N, F, F, F, A, F],
  'POST /api/document-trace': [U, A, N, F, F, F, A, F],

  // --- Listing payments (decision 006): the owner's project and its payment intent ---
  'POST /api/payments/create-project-payment': ownerOnly,
  'POST /api/payments/sandbox/confirm': ownerOnly,
  'POST /api/payments/sandbox/authenticate': ownerOnly,

  // --- The admin console (spec 001 sections 2.3 and 7) ---
  'GET /api/admin/projects': adminOnly,
  'GET /api/admin/stats': adminOnly,
  'GET /api/admin/override-history': adminOnly,
  // God Mode's revoke picks a funder with access and one of their projects (decision 066).
  'GET /api/admin/granted-access': adminOnly,
  'POST /api/admin/approve-project/{id}': adminOnly,
  'POST /api/admin/deny-project/{id}': adminOnly,
  'POST /api/admin/payment-failed/{id}': adminOnly,
  'POST /api/admin/force-publish-project/{id}': adminOnly,
  'POST /api/admin/revert-to-draft/{id}': adminOnly,
  'POST /api/admin/reject-project/{id}': adminOnly,
  'POST /api/admin/update-project-status/{id}': adminOnly,
  'DELETE /api/admin/delete-project/{id}': adminOnly,
  'POST /api/admin/confirm-payment/{id}': adminOnly,
  'POST /api/admin/check-stripe-payment/{id}': adminOnly,
  'POST /api/admin/sync-stripe-payment/{id}': adminOnly,
  'GET /api/admin/users': adminOnly,
  'GET /api/admin/users/{id}': adminOnly,
  'PUT /api/admin/users/{id}/approve': adminOnly,
  'POST /api/admin/approve-subscription/{id}': adminOnly,
  'POST /api/admin/deny-subscription/{id}': adminOnly,
  'POST /api/admin/subscription-failed/{id}': adminOnly,
  'POST /api/admin/force-approve-funder/{id}': adminOnly,
  'GET /api/admin/unpaid-projects': adminOnly,
  'GET /api/admin/all-payments': adminOnly,
  'POST /api/admin/payments/{id}/sync': adminOnly,
  'POST /api/admin/god-mode/system-message': adminOnly,
  'GET /api/admin/view-as-user/{id}': adminOnly,
  'GET /api/admin/export-all-data': adminOnly,
  'GET /api/admin/system-settings': adminOnly,
  'GET /api/admin/system-settings/{key}': adminOnly,
  'PUT /api/admin/system-settings/{key}': adminOnly,
  // The confidentiality undertaking's text in Settings (decision 033).
  'GET /api/admin/undertaking': adminOnly,
  'PUT /api/admin/undertaking': adminOnly,
  'GET /api/admin/analytics': adminOnly,
  'POST /api/admin/force-complete-deal/{dealId}': adminOnly,
  'GET /api/admin/messages': adminOnly,
  'POST /api/admin/messages': adminOnly,
  'GET /api/admin/messages/{userId}': adminOnly,
  'POST /api/admin/messages/{userId}': adminOnly,
  'POST /api/admin/messages/send': adminOnly,
  'POST /api/admin/send-system-message': adminOnly,

  // --- Address search: only the project form offers it (spec 000 section 2, Create project), and only
  // developers fill that in; DESIGN.md 1.2 has the API refuse what no screen of a role offers.
  'POST /api/geocode/autocomplete': developers,
  'POST /api/geocode/place-details': developers,

  // --- Subscriptions (spec 001 sections 2.4 and 4.3; decision 010) ---
  'GET /api/payments/subscription': fundersOwn,
  // "If approved and not active, a 'Subscribe Now' banner" (spec 000 section 2): approved funders only;
  // the subscribed ones get a 409 (already subscribed), past authorisation.
  'POST /api/payments/create-subscription': [U, F, F, F, A, A, F, F],
  // The subscription here is a stranger's (a fresh funder's): no other funder may confirm it.
  'POST /api/payments/sandbox/confirm-subscription': [U, F, F, N, N, N, F, F],
  // Nothing to cancel is a 409 for the unapproved funder, past authorisation.
  'POST /api/payments/cancel-subscription': fundersOwn,

  // --- Access requests (spec 000 sections 4 and 6) ---
  'POST /api/access-requests': marketplace,
  // A funder's own, a developer's incoming, all for admins.
  'GET /api/access-requests': [U, A, A, A, A, A, A, F],
  // The owner decides; another developer is told the request does not exist.
  'PUT /api/access-requests/{id}/approve': ownerOnly,
  'PUT /api/access-requests/{id}/decline': ownerOnly,
  // Issue 19 item 5: the owner revokes granted access; admins as an override; funders never (403).
  'PUT /api/access-requests/{id}/revoke': [U, A, N, F, F, F, A, F],
  // The confidentiality undertaking (decision 033): its text is no secret to anyone signed in; a
  // request's signature and its PDF belong to the request's parties and admins; only the request's
  // funder signs (the world's request is signed already: 409, past authorisation).
  'GET /api/undertaking': signedIn,
  'GET /api/access-requests/{id}/undertaking': file,
  'GET /api/access-requests/{id}/undertaking.pdf': file,
  'POST /api/access-requests/{id}/undertaking': [U, F, F, N, N, A, F, F],

  // --- Funder pages behind the gate ---
  'GET /api/dashboard/funder': marketplace,
  'GET /api/portfolio': marketplace,

  // --- Deals (decision 015) ---
  // Engage: the funder's own approved request; someone else's request is 404.
  'POST /api/deals': [U, F, F, F, N, A, F, F],
  'GET /api/deals/{id}': roomRead,
  /**
   * Issue 37 item 1: a funder's own revoked or lapsed access, by project or room; funders only.
   * No funder of the world lost access to its listing, so each is told there is nothing (404).
   */
  'GET /api/access-ended': [U, F, F, N, N, N, F, F],
  // The developer completes; the deal's funder 403, strangers 404, admins 403 (they have the override).
  'PUT /api/deals/{id}/complete': [U, A, N, N, N, F, F, F],
  'GET /api/deals/{id}/comments': roomRead,
  'POST /api/deals/{id}/comments': roomWrite,
  'POST /api/deals/{id}/notifications': roomWrite,
  // "See deals on own projects" (spec 000 section 6): the developer and admins; funders 404.
  'GET /api/projects/{id}/deals': [U, A, N, N, N, N, A, F],

  // --- The data room (decision 019) ---
  'GET /api/deals/{id}/documents': roomRead,
  'POST /api/deals/{id}/documents': roomWrite,
  'GET /api/deals/{id}/documents/{docId}': roomRead,
  'GET /api/deals/{id}/documents/{docId}/view': roomRead,
  // Every deal's files on a project: its developer and admins; funders may never call it.
  'GET /api/projects/{id}/documents/deal': [U, A, N, F, F, F, A, F],
  'GET /api/deals/{id}/document-requests': roomRead,
  'POST /api/deals/{id}/document-requests': roomWrite,
  // "Only the non-requester can fulfil a document request": the requesting funder 403.
  'PUT /api/document-requests/{id}/fulfill': [U, A, N, N, N, F, F, F],
  // Only the deal's funder quotes (the developer 403).
  'POST /api/deals/{id}/proposals': [U, F, N, N, N, A, F, F],
  'GET /api/deals/{id}/proposal': roomRead,
  'GET /api/deals/{id}/credit-summary': roomRead,
  // Only the developer answers a quote (the funder who sent it 403).
  'PUT /api/proposals/{id}/respond': [U, A, N, N, N, F, F, F],
  'GET /api/projects/{id}/proposals': [U, A, N, F, F, F, A, F],
  // The data-room report (decision 036): like the quote comparison, its developer and admins only.
  'GET /api/projects/{id}/data-room-report': [U, A, N, F, F, F, A, F],
  'GET /api/projects/{id}/data-room-report.csv': [U, A, N, F, F, F, A, F],
  // Issue 22 item 4 (decision 041): how many funders lend on a project like this, before paying —
  // like the data-room report, its developer and admins; funders may never call it.
  'GET /api/projects/{id}/funder-matches': [U, A, N, F, F, F, A, F],

  // --- Contacts (decision 015): share your own with the other party of one of your deals ---
  'POST /api/users/share-contact': [U, A, F, F, F, A, F, F],
  // The owner's contact, shared with the deal's funder only: everyone else 404, admins 403.
  'GET /api/users/{id}/contact': [U, N, N, N, N, A, F, F],

  // --- Conversations (decision 011): the two sides write, admins read ---
  'GET /api/access-requests/{id}/messages': [U, A, N, N, N, A, A, N],
  'POST /api/access-requests/{id}/messages': [U, A, N, N, N, A, F, N],
  'PUT /api/access-requests/{id}/messages/read': [U, A, N, N, N, A, F, N],
  // The message was sent by the granted funder to the owner: only its recipient marks it read.
  'PUT /api/messages/{id}/read': [U, A, N, N, N, F, F, N],
  'GET /api/messages/unread-count': signedIn,
  // A user's own thread with the admins; admins write from the admin panel.
  'GET /api/messages/admin': [U, A, A, A, A, A, F, F],
  'POST /api/messages/admin/reply': [U, A, A, A, A, A, F, F],

  // --- Notifications: the signed-in user's own ---
  'GET /api/notifications': signedIn,
  'PUT /api/notifications/read-all': signedIn,
  'PUT /api/notifications/{id}/read': privateToOwner,
  'GET /api/notifications/preferences': signedIn,
  // A funder's own lending criteria (issue 22): any funder, approved or not; nobody else.
  'GET /api/funder-criteria': fundersOwn,
  'PUT /api/funder-criteria': fundersOwn,
  // Their alert settings and the dashboard's Confirm (issue 22 items 2 and 3): the same.
  'GET /api/funder-criteria/alerts': fundersOwn,
  'PUT /api/funder-criteria/alerts': fundersOwn,
  'POST /api/funder-criteria/confirm': fundersOwn,
  'PUT /api/notifications/preferences': signedIn,
  'GET /api/events': signedIn,

  // --- BrokerAI (decision 016): open to every role; a session is its creator's alone ---
  // Bound to the listing through the projects module's own read check (a preview for a funder
  // without access; the gate for an unapproved one; 404 for another developer).
  'POST /api/ai-chat/sessions': [U, A, N, F, A, A, A, N],
  'GET /api/ai-chat/sessions': signedIn,
  'GET /api/ai-chat/sessions/{id}/messages': privateToOwner,
  'POST /api/ai-chat/sessions/{id}/messages': privateToOwner,
  'GET /api/ai-chat/sessions/{id}/memo': privateToOwner,
  'POST /api/ai-chat/sessions/{id}/messages/stream': privateToOwner,

  // --- Loan administration (issue 33; decisions 055 and 056) ---
  // The deal's funder sets the facility up; the world's deal is still open (409, past authorisation).
  'POST /api/deals/{id}/facility': facilityFunder,
  // Each role's own list (a surveyor's: only the facilities they are party to).
  'GET /api/facilities': [U, A, A, A, A, A, A, A],
  'GET /api/facilities/{id}': facilityRead,
  'POST /api/facilities/{id}/activate': facilityFunder,
  // Decision 070: the facility's funder declares an event of default and cures it.
  'POST /api/facilities/{id}/default': facilityFunder,
  'POST /api/facilities/{id}/cure': facilityFunder,
  // Decision 072: the variation settings read by every party; a certificate uploaded by the developer or the funder.
  'GET /api/facilities/{id}/variation-settings': facilityRead,
  // Decision 078: the cost report by line, read by every party and admins.
  'GET /api/facilities/{id}/cost-report': facilityRead,
  'POST /api/facilities/{id}/documents/upload': facilityDeveloperOrFunder,
  'GET /api/facilities/{id}/parties': facilityRead,
  'POST /api/facilities/{id}/parties': facilityFunder,
  // Anyone signed in may try; only an invited person without a role (or a surveyor) gets past 409/403.
  'POST /api/surveyor/onboarding': [U, A, A, A, A, A, A, A],
  'GET /api/facilities/{id}/budget': facilityRead,
  'PUT /api/facilities/{id}/budget': facilityDeveloperOrFunder,
  'POST /api/facilities/{id}/budget/import': facilityDeveloperOrFunder,
  'POST /api/facilities/{id}/budget/approve': facilityFunder,
  'GET /api/facilities/{id}/equity': facilityRead,
  'POST /api/facilities/{id}/equity': facilityDeveloperOrFunder,
  'GET /api/facilities/{id}/in-balance': facilityRead,
  'GET /api/facilities/{id}/ledger': facilityRead,
  'GET /api/facilities/{id}/statement.csv': facilityRead,
  'GET /api/facilities/{id}/statement.pdf': facilityRead,
  'GET /api/facilities/{id}/draws': facilityRead,
  'POST /api/facilities/{id}/draws': facilityDeveloper,
  'GET /api/draws/{id}': facilityRead,
  'PATCH /api/draws/{id}': facilityDeveloper,
  'POST /api/draws/{id}/documents': facilityDeveloper,
  'POST /api/draws/{id}/submit': facilityDeveloper,
  'POST /api/draws/{id}/cancel': facilityDeveloper,
  // Only a surveyor certifies (the world's draw is certified already: 409, past authorisation).
  'POST /api/draws/{id}/certify': [U, F, F, F, F, F, F, A],
  'POST /api/draws/{id}/approve': facilityFunder,
  'POST /api/draws/{id}/return': facilityFunder,
  'POST /api/draws/{id}/reject': facilityFunder,
  'POST /api/draws/{id}/fund': facilityFunder,
  // Every party reads and writes the thread; admins read it only.
  'GET /api/draws/{id}/comments': facilityRead,
  'POST /api/draws/{id}/comments': [U, A, N, N, N, A, F, A],
  // The developer's own payment schedule (admins read it); funders and surveyors by role.
  'GET /api/draws/{id}/payment-schedule.pdf': [U, A, N, F, F, F, A, F],
  // A draw's files: the developer uploads to a draft; every party reads, stamped (decision 063).
  'POST /api/draws/{id}/documents/upload': facilityDeveloper,
  'GET /api/draws/{id}/documents/{documentId}': facilityRead,
  'GET /api/draws/{id}/documents/{documentId}/view': facilityRead,

  // Issue 34 items 1-3 (decision 061): the developer proposes variations and reallocations, the
  // surveyor assesses, the funder consents; practical completion and retention are the funder's.
  'GET /api/facilities/{id}/variations': facilityRead,
  'POST /api/facilities/{id}/variations': facilityDeveloper,
  'GET /api/variations/{id}': facilityRead,
  // The world's variation is proposed: only its surveyor may move it (assess); the developer and the
  // funder are refused by the event (their events come later), admins by role, strangers 404.
  'POST /api/variations/{id}/events': [U, F, N, N, N, F, F, A],
  'GET /api/facilities/{id}/reallocations': facilityRead,
  'POST /api/facilities/{id}/reallocations': facilityDeveloper,
  'GET /api/reallocations/{id}': facilityRead,
  'POST /api/reallocations/{id}/approve': facilityFunder,
  'POST /api/reallocations/{id}/reject': facilityFunder,
  'POST /api/reallocations/{id}/withdraw': facilityDeveloper,
  'GET /api/facilities/{id}/retention': facilityRead,
  'POST /api/facilities/{id}/practical-completion': facilityFunder,
  'POST /api/facilities/{id}/retention-release': facilityFunder,
  'PATCH /api/facilities/{id}/variation-settings': facilityFunder,

  // Issue 34 items 4 and 7 (decision 062): the developer keeps the register, the funder sets the
  // thresholds and records settlements; every party reads.
  'GET /api/facilities/{id}/presales': facilityRead,
  'POST /api/facilities/{id}/presales': facilityDeveloper,
  'POST /api/facilities/{id}/presales/import': facilityDeveloper,
  'GET /api/presales/{id}': facilityRead,
  'DELETE /api/presales/{id}': facilityDeveloper,
  'GET /api/facilities/{id}/presale-settings': facilityRead,
  'PUT /api/facilities/{id}/presale-settings': facilityFunder,
  'GET /api/facilities/{id}/presale-cover': facilityRead,
  'POST /api/presales/{id}/settlement': facilityFunder,
  'GET /api/facilities/{id}/settlements': facilityRead,
  // 409 until the facility is repaid (past authorisation).
  'GET /api/facilities/{id}/closing-statement.pdf': facilityRead,

  // Issue 34 items 5, 6 and 9 (decision 067): the funder sets covenants and records valuations;
  // every party reads results, notices and the monthly reports.
  'GET /api/facilities/{id}/covenants': facilityRead,
  'PUT /api/facilities/{id}/covenants': [U, F, F, N, N, A, F, F],
  'GET /api/facilities/{id}/covenants/history': facilityRead,
  'GET /api/facilities/{id}/covenants/notices/{noticeId}/download': facilityRead,
  'POST /api/facilities/{id}/valuations': [U, F, F, N, N, A, F, F],
  'GET /api/facilities/{id}/reports': facilityRead,
  'GET /api/facilities/{id}/reports/{reportId}/download': facilityRead,
  // A funder's own facilities (none for most): funders only.
  'GET /api/portfolio/lights': [U, F, F, A, A, A, F, F],
};

export const expected: Record<string, Row> = Object.fromEntries(
  Object.entries(table).map(([operation, cells]) => [
    operation,
    Object.fromEntries(actors.map((actor, i) => [actor, cells[i]])) as Row,
  ]),
);

/**
 * Cells where the server answers otherwise than the table, each with why it is tolerated for now.
 * The test checks this list is exactly the current mismatches, so a fixed one must be removed.
 */
export const knownDeviations: { cell: string; actual: string; reason: string }[] = [];
