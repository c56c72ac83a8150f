import { type AiMessage, accessEndedOn, aiChatMessages } from '@plinth/domain/broker-ai/api';
import type { ProjectDetailResponse } from '@plinth/domain/marketplace';
import { projectInPreviewWords } from '@plinth/domain/undertaking';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { readableProject } from './ai-chat.context';
import * as repo from './ai-chat.repository';

// What of a BrokerAI chat its owner may read now (issue 29 finding 4; decision 047). A message asked
// or answered while its owner could read the session's project whole is marked `from_full_file`: it
// may carry the confidential file's figures. Once the owner can no longer read that file (access
// revoked or lapsed, the listing gone, the marketplace gate shut), such messages are withheld, in the
// chat, the chat list, the history BrokerAI is given and 'Download my data', and one line says why.
// Whether the owner may read the file is the projects module's own check (readableProject), never a
// copy of it; messages from before access was granted, or after it ended, carry only what the owner
// may see as a stranger and stay.

const iso = (d: Date | string) => new Date(d).toISOString();

/** A session as far as withholding goes: the project it is about (null once that was deleted). */
interface SessionScope {
  project_id: string | null;
}

/** Why a session's messages from the whole file are withheld, and how the session is then named. */
interface Withholding {
  /** The line shown in their place. */
  notice: string;
  /** The session's title in the list: its own may quote the figures it was asked about. */
  title: string;
}

/**
 * Whether a session's messages from the whole file are withheld from its owner now (null: the owner
 * still reads the project whole). `project` is the read check's answer when the caller already has
 * it (undefined: ask it here).
 */
export async function withholdingOf(
  db: Db,
  viewer: Viewer,
  session: SessionScope,
  project?: ProjectDetailResponse | null,
): Promise<Withholding | null> {
  const gone = {
    notice: aiChatMessages.projectGone,
    title: aiChatMessages.withheldTitle(aiChatMessages.goneProject),
  };
  // The project was deleted since (the session's binding was cleared with it).
  if (session.project_id === null) return gone;
  const readable = project === undefined ? await readableProject(db, viewer, session.project_id) : project;
  if (readable?.view === 'full') return null;
  const end = await repo.findAccessEnd(db, viewer.id, session.project_id);
  if (!end) return gone;
  const name = projectInPreviewWords(end);
  const title = aiChatMessages.withheldTitle(name);
  if (end.revoked_at === null) return { notice: aiChatMessages.fileOutOfReach(name), title };
  const endedOn = accessEndedOn({ revoked_at: end.revoked_at, access_until: end.access_until });
  return { notice: aiChatMessages.accessEnded(name, endedOn), title };
}

/**
 * A chat's messages as its owner may read them: with `notice` (withholdingOf), each run of messages
 * from the whole file becomes one line from BrokerAI saying why they are not shown.
 */
export function visibleMessages(rows: readonly repo.MessageRow[], notice: string | null): AiMessage[] {
  const shown: AiMessage[] = [];
  let withholding = false;
  for (const row of rows) {
    if (notice !== null && row.from_full_file) {
      if (!withholding)
        shown.push({ id: row.id, sender: 'ai', message: notice, timestamp: iso(row.created_at) });
      withholding = true;
      continue;
    }
    withholding = false;
    shown.push({ id: row.id, sender: row.sender, message: row.message, timestamp: iso(row.created_at) });
  }
  return shown;
}

/** A session's messages as its owner may read them now (all of them, or the latest `limit`). */
export async function readableMessages(
  db: Db,
  viewer: Viewer,
  session: SessionScope & { id: string },
  options: { limit?: number; project?: ProjectDetailResponse | null } = {},
): Promise<AiMessage[]> {
  const rows = await repo.listMessages(db, session.id, options.limit);
  const withholding = rows.some((r) => r.from_full_file)
    ? await withholdingOf(db, viewer, session, options.project)
    : null;
  return visibleMessages(rows, withholding?.notice ?? null);
}

/**
 * The owner's sessions with the titles they may read now: a session with messages from a project's
 * whole file that the owner can no longer read is listed under its project's preview words.
 */
export async function readableSessions(db: Db, viewer: Viewer, rows: readonly repo.ListedSessionRow[]) {
  // One read check per project, however many sessions are about it.
  const checks = new Map<string | null, Promise<Withholding | null>>();
  const withholdingFor = (projectId: string | null) => {
    let check = checks.get(projectId);
    if (!check) {
      check = withholdingOf(db, viewer, { project_id: projectId });
      checks.set(projectId, check);
    }
    return check;
  };
  return Promise.all(
    rows.map(async (row) => {
      const withholding = row.has_full_file ? await withholdingFor(row.project_id) : null;
      return { ...row, withholding, session_title: withholding?.title ?? row.session_title };
    }),
  );
}
