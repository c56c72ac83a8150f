import { documentTypeLabel } from '@plinth/domain/documents';

/**
 * How the Settings tab names each system setting (issue 37 item 5): a person's words and the kind
 * of control, never the stored key or the storage format. A key added later without an entry here
 * is shown by its words ("some_key" as "Some Key") in a plain text box.
 */
export type SettingKind = 'money' | 'count' | 'document-list' | 'document-descriptions' | 'text';

export interface SettingLabel {
  label: string;
  help: string;
  kind: SettingKind;
}

export const settingLabels: Record<string, SettingLabel> = {
  listing_fee_aud: {
    label: 'Listing fee',
    help: 'What a developer pays to send a project for review, in whole dollars. New payments use it at once; a payment already opened keeps its amount.',
    kind: 'money',
  },
  subscription_price_aud: {
    label: 'Subscription price a month',
    help: 'The monthly price of the Professional Funder subscription, in whole dollars. New subscriptions use it; existing ones keep the price they started at.',
    kind: 'money',
  },
  marketplace_average_min_listings: {
    label: 'Fewest listings behind an average return',
    help: 'Below this many listings the marketplace withholds its average expected return.',
    kind: 'count',
  },
  required_documents: {
    label: 'Required documents',
    help: 'The documents a developer must upload before a project is complete.',
    kind: 'document-list',
  },
  required_document_descriptions: {
    label: 'Document descriptions',
    help: 'What each document is, as developers read it while uploading.',
    kind: 'document-descriptions',
  },
};

export const labelOfSetting = (key: string, description: string | null): SettingLabel =>
  settingLabels[key] ?? { label: documentTypeLabel(key), help: description ?? '', kind: 'text' };

/**
 * A document type's key from the words a person types ("Title search" → title_search); blank when
 * nothing usable is left. The reverse of `documentTypeLabel`, so a stored key survives the round.
 */
export const documentTypeKeyOf = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
