import { z } from 'zod';
import type { NotificationPreferenceFlag } from './notifications';
import type { Role } from './roles';

/**
 * A person's own account (spec 000 sections 2, 5 and 8; DESIGN.md section 8): the e-mails they may
 * switch off, taking their data with them and closing the account.
 */

/** Spec 000 section 5: the account is deleted only after the person types this word. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export const isDeleteConfirmed = (typed: string) => typed.trim() === DELETE_CONFIRMATION_WORD;

/** What a deleted account is called wherever its rows are kept (payments, deals, conversations). */
export const DELETED_USER_NAME = 'Deleted user';

/** The anonymised e-mail of a deleted account: unique, and in a domain that can never receive mail. */
export const deletedUserEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

export const accountMessages = {
  confirmRequired: `Type ${DELETE_CONFIRMATION_WORD} to confirm`,
  deleted: 'Your account has been deleted',
  /** Posted in each open conversation and sent to the other party when a person leaves. */
  closedNote: (who: 'developer' | 'funder') =>
    `The ${who} has closed their Plinth account. This conversation and any deal in it are closed.`,
} as const;

export const deleteAccountBody = z.strictObject({
  confirm: z.literal(DELETE_CONFIRMATION_WORD, { error: accountMessages.confirmRequired }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const deleteAccountResponse = z.object({ message: z.string() });

/** The spec's failure titles on the Profile and Settings pages (spec 000 section 8). */
export const accountErrorTitles = {
  load: 'Failed to load profile',
  update: 'Update Failed',
  download: 'Download Failed',
  cancellation: 'Cancellation Failed',
  delete: 'Delete Failed',
  preferences: 'Save Failed',
  preferencesText: 'Failed to update notification preferences',
} as const;

// ---------------------------------------------------------------------------------------------
// E-mail preferences by role (spec 000: "borrower and investor variants")

/** The flags a person of each role can receive e-mails for, in the order the Settings page shows them. */
export const preferenceFlagsByRole: Record<Role, readonly NotificationPreferenceFlag[]> = {
  borrower: [
    'email_messages',
    'email_access_requests',
    'email_deal_engagement',
    'email_proposals',
    'email_document_requests',
    'email_project_published',
    'email_project_rejected',
    'email_payment_success',
    'email_project_updates',
    'email_newsletter',
  ],
  funder: [
    'email_borrower_messages',
    'email_messages',
    'email_access_approved',
    'email_deal_engagement',
    'email_proposal_response',
    'email_document_requests',
    'email_account_approved',
    'email_payment_success',
    'email_project_updates',
    'email_newsletter',
  ],
  admin: ['email_messages'],
  surveyor: ['email_messages', 'email_deal_engagement'],
};

export const preferenceLabels: Record<NotificationPreferenceFlag, { label: string; description: string }> = {
  email_messages: {
    label: 'Messages',
    description: 'A new message in a conversation or from the Plinth team',
  },
  email_borrower_messages: { label: 'Messages from developers', description: 'A developer writes to you' },
  email_project_updates: { label: 'Project updates', description: 'Changes to listings you follow' },
  email_newsletter: { label: 'Newsletter', description: 'News and market insights from Plinth' },
  email_access_requests: { label: 'Access requests', description: 'A funder asks to see a listing in full' },
  email_deal_engagement: { label: 'Deal rooms', description: 'A deal room opens, completes or needs you' },
  email_proposals: { label: 'Indicative quotes', description: 'A funder sends you a quote' },
  email_document_requests: { label: 'Document requests', description: 'A document is requested or provided' },
  email_project_published: { label: 'Listing published', description: 'Your listing is approved and live' },
  email_project_rejected: { label: 'Listing not approved', description: 'Your listing needs changes' },
  email_access_approved: { label: 'Access decisions', description: 'A developer grants or declines access' },
  email_proposal_response: { label: 'Quote responses', description: 'A developer answers your quote' },
  email_account_approved: {
    label: 'Account and subscription',
    description: 'Approval and subscription news',
  },
  email_payment_success: { label: 'Payments', description: 'A payment is received or fails' },
};

export const preferenceFlagsFor = (role: Role | null): readonly NotificationPreferenceFlag[] =>
  role ? preferenceFlagsByRole[role] : [];

// ---------------------------------------------------------------------------------------------
// "Download my data": the person's own records, turned into a CSV on the device

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const record = z.record(z.string(), cell);

export const myDataResponse = z.object({
  generated_at: z.string(),
  account: record,
  profile: record.nullable(),
  projects: z.array(record),
  access_requests: z.array(record),
  messages: z.array(record),
  payments: z.array(record),
});
export type MyData = z.infer<typeof myDataResponse>;

export interface MyDataRow {
  section: string;
  record: number;
  field: string;
  value: string;
}

/**
 * One row per field of every record ("long" form), so records of different shapes share one CSV
 * and a spreadsheet can filter it by section.
 */
export function myDataRows(data: MyData): MyDataRow[] {
  const rows: MyDataRow[] = [];
  const add = (section: string, records: readonly Record<string, unknown>[]) => {
    records.forEach((r, i) => {
      for (const [field, value] of Object.entries(r))
        rows.push({ section, record: i + 1, field, value: value == null ? '' : String(value) });
    });
  };
  add('account', [data.account]);
  if (data.profile) add('profile', [data.profile]);
  add('projects', data.projects);
  add('access_requests', data.access_requests);
  add('messages', data.messages);
  add('payments', data.payments);
  return rows;
}

export const myDataFileName = (today: Date) => `plinth-my-data-${today.toISOString().slice(0, 10)}.csv`;
