import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Spec 001 section 8 (and the profile and settings titles of spec 000 section 8): every failure
// title, its fixed messages and every success notice are used somewhere in the web app, or in the
// domain constants the web app shows.

const root = join(import.meta.dirname, '../../..');
const sourceDirs = [join(root, 'apps/web/src'), join(root, 'packages/domain/src')];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const source = sourceDirs.flatMap(filesUnder).map((file) => readFileSync(file, 'utf8'));
/** As a string literal in the source, so a word inside a longer sentence does not count. */
const isUsed = (text: string) => source.some((s) => s.includes(`'${text}'`) || s.includes(`"${text}"`));

const failureTitles = [
  'Load Failed',
  'Update Failed',
  'Approval Failed',
  'Send Failed',
  'Override Failed',
  'Denial Failed',
  'Failed to Mark Payment',
  'Request Failed',
  'Subscription Failed',
  'Export Failed',
  'Download Failed',
  'Preview Failed',
  'Reason Required',
  'Check Failed',
  'No Successful Payment',
  'Sync Failed',
  'Force Publish Failed',
  'Rejection Failed',
  'Action Failed',
];
const fixedMessages = [
  'Failed to fetch admin data',
  'Failed to activate subscription',
  'Failed to send access request',
  'Failed to export platform data',
  'You must provide a reason for this override',
  'Please provide a reason for denial',
  'Unexpected response from server',
  'Unable to preview document',
  'Unable to download document',
];
const successNotices = [
  'Status Updated',
  'Funder Force Approved',
  'Project Force Published',
  'Project Approved',
  'Project Denied',
  'Payment Failed',
  'Deal Force Completed',
  'User Approved',
  'Subscription Approved',
  'Subscription Denied',
  'Marked as Failed',
  'Setting Updated',
  'Message Sent',
  'Access Request Sent',
  'Subscription Active',
  'Export Complete',
];
const profileAndSettings = [
  'Failed to load profile',
  'Update Failed',
  'Download Failed',
  'Cancellation Failed',
  'Delete Failed',
  'Save Failed',
  'Failed to update notification preferences',
];

describe('error catalogue (spec 001 section 8, spec 000 section 8)', () => {
  it.each([...failureTitles, ...fixedMessages, ...successNotices, ...profileAndSettings])(
    'the web app uses %s',
    (text) => {
      expect(isUsed(text)).toBe(true);
    },
  );
});
