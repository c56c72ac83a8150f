import { accountMessages, DELETED_USER_NAME, type MyData } from '@plinth/domain/account';
import { hasGrantedAccess } from '@plinth/domain/marketplace';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { conversationClosed } from '../../emails/templates/account';
import { forbidden, notFound } from '../../errors';
import { ownChatLines } from '../ai-chat/ai-chat.service';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import { eraseFromAudit } from '../audit/audit-erasure';
import { publishLiveEvent } from '../events/events.service';
import { notify } from '../notifications/notifications.service';
import type { PaymentsDeps } from '../payments/payments.types';
import { stopSubscriptionRenewals } from '../payments/subscription-billing';
import * as repo from './account.repository';
import { findUserWithProfile } from './users.repository';

/**
 * "Download my data": the person's own records; the web app turns them into a CSV. It holds no more
 * of anyone's project than the person may read in the app now (decision 047): a funder's request
 * names its project only while access is granted, and their BrokerAI chats are withheld as in the
 * chat itself once they can no longer read the file they were about.
 */
export async function getOwnData(db: Db, viewer: Viewer): Promise<MyData> {
  const user = await findUserWithProfile(db, viewer.id);
  if (!user) throw notFound('User not found');
  const [data, chats] = await Promise.all([repo.readOwnData(db, viewer.id), ownChatLines(db, viewer)]);
  return {
    generated_at: new Date().toISOString(),
    ...data,
    access_requests: data.access_requests.map((r) => ({
      ...r,
      // The title belongs to the whole file: a funder without granted access sees the preview only.
      project_title: hasGrantedAccess(r.status) ? r.project_title : null,
    })),
    messages: [...data.messages, ...chats],
  };
}

/**
 * Closes the person's account (DESIGN.md section 8, docs/decisions/018): the provider stops
 * billing them first; then, in one transaction, their listings leave the market, every open
 * conversation is closed with a note to the other party, what identifies them is erased, their
 * sessions end and the deletion is audited. Payments, deals and the audit log keep their rows; the
 * log's entries lose the person's name and e-mail.
 */
export async function deleteAccount(
  deps: PaymentsDeps,
  options: { viewer: Viewer },
): Promise<{ message: string }> {
  const { viewer } = options;
  const user = await findUserWithProfile(deps.db, viewer.id);
  if (!user) throw notFound('User not found');
  // Admin accounts are the operator's: made and closed by the CLI, so the panel is never orphaned.
  if (user.role === 'admin') throw forbidden('Admin accounts are closed by the operator');

  if (user.role === 'funder') await stopSubscriptionRenewals(deps, user.id);

  await auditedTransaction(deps.db, async (trx) => {
    const withdrawn = await repo.withdrawListings(trx, user.id);
    const open = await repo.findOpenConversations(trx, user.id);
    await repo.closeAccessRequests(
      trx,
      open.map((c) => c.id),
    );
    for (const conversation of open) {
      const leaverIsFunder = conversation.funder_id === user.id;
      const other = leaverIsFunder ? conversation.borrower_id : conversation.funder_id;
      const note = accountMessages.closedNote(leaverIsFunder ? 'funder' : 'developer');
      await repo.insertSystemMessage(trx, conversation.id, note);
      await notify(trx, {
        userId: other,
        type: 'message',
        relatedId: conversation.id,
        message: note,
        email: conversationClosed({ note }),
      });
      await publishLiveEvent(trx, [other], {
        type: 'access_request',
        access_request_id: conversation.id,
        status: 'closed',
      });
    }
    if (user.role === 'funder') {
      await trx
        .updateTable('user')
        .set({ subscription_status: 'inactive', cancel_at_period_end: false, subscription_period_end: null })
        .where('id', '=', user.id)
        .execute();
    }
    await repo.eraseIdentity(trx, user.id, user.email);
    // Their name and e-mail leave the audit log too; the chain still verifies (decision 024).
    const auditErased = await eraseFromAudit(trx, {
      id: user.id,
      name: user.name,
      email: user.email,
      replacementName: DELETED_USER_NAME,
    });
    // The entry names no one: the person's name and e-mail are what is being erased.
    await recordAudit(trx, {
      actor: { id: user.id, name: DELETED_USER_NAME },
      action: 'account.deleted',
      targetType: 'user',
      targetId: user.id,
      after: {
        role: user.role,
        listings_withdrawn: withdrawn.length,
        conversations_closed: open.length,
        audit_entries_erased: auditErased,
      },
    });
  });
  return { message: accountMessages.deleted };
}
