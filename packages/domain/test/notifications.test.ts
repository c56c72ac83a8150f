import { describe, expect, it } from 'vitest';
import { conversationPath, parseConversationParam } from '../src/conversation-ref';
import {
  messageEmailFlag,
  notificationTarget,
  notificationTitle,
  notificationTypes,
} from '../src/notifications';

describe('notification tap-through targets (spec 000, notifications dropdown)', () => {
  it.each([
    ['project_approved', 'p-1', '/projects/p-1'],
    ['access_granted', 'p-1', '/projects/p-1'],
    ['access_request', 'ar-1', '/access-requests'],
    ['deal_engagement', 'd-1', '/deals/d-1'],
    ['proposal_received', 'd-1', '/deals/d-1'],
    ['proposal_response', 'd-1', '/deals/d-1'],
    ['deal_completed', 'd-1', '/deals/d-1'],
    ['deal_message', 'd-1', '/deals/d-1'],
    ['document_request', 'd-1', '/deals/d-1'],
    ['account_approved', null, '/projects'],
    ['project_approved', null, null],
    ['deal_engagement', null, null],
    ['system', 'x', null],
  ])('%s with related id %s goes to %s', (type, relatedId, target) => {
    expect(notificationTarget(type, relatedId)).toBe(target);
  });

  it("a message opens its own conversation: the access request's, or the recipient's thread with the Plinth team", () => {
    const toRequest = notificationTarget('message', 'ar-7');
    expect(toRequest).toBe('/messages?conversation=request%3Aar-7');
    const toSupport = notificationTarget('message', null);
    expect(toSupport).toBe('/messages?conversation=support');
    // What the messages page reads back from those addresses.
    const read = (path: string) =>
      parseConversationParam(decodeURIComponent(path.split('?conversation=')[1] ?? ''));
    expect(read(toRequest!)).toEqual({ kind: 'request', id: 'ar-7' });
    expect(read(toSupport!)).toEqual({ kind: 'support' });
    expect(conversationPath({ kind: 'user', userId: 'u-1' })).toBe('/messages?conversation=user%3Au-1');
  });

  it('titles by type, else Notification', () => {
    expect(notificationTitle('project_approved')).toBe('Project Approved');
    expect(notificationTitle('access_request')).toBe('New Access Request');
    expect(notificationTitle('access_granted')).toBe('Access Granted');
    expect(notificationTitle('deal_engagement')).toBe('New Deal Engagement');
    expect(notificationTitle('proposal_received')).toBe('New Proposal');
    expect(notificationTitle('proposal_response')).toBe('Proposal Update');
    expect(notificationTitle('account_approved')).toBe('Account Approved');
    expect(notificationTitle('deal_completed')).toBe('Deal Completed');
    expect(notificationTitle('deal_message')).toBe('Deal Room Update');
    expect(notificationTitle('something_else')).toBe('Notification');
  });

  it('issue 37 item 14: every type the server sends has its own title, never just "Notification"', () => {
    for (const type of notificationTypes) expect(notificationTitle(type), type).not.toBe('Notification');
    expect(notificationTitle('project_published')).toBe('Project Published');
    expect(notificationTitle('payment_success')).toBe('Payment Received');
    expect(notificationTitle('subscription_approved')).toBe('Subscription Approved');
    expect(notificationTitle('document_request')).toBe('Document Requested');
  });
});

describe('which preference governs a message e-mail', () => {
  it("a developer's message to a funder: email_borrower_messages; a funder's or the team's: email_messages", () => {
    expect(messageEmailFlag('borrower')).toBe('email_borrower_messages');
    expect(messageEmailFlag('funder')).toBe('email_messages');
    expect(messageEmailFlag('admin')).toBe('email_messages');
    expect(messageEmailFlag(null)).toBe('email_messages');
  });
});
