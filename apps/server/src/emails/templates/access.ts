import { action, blocks, type EmailContent, paragraph, quote } from '../content';

// Access to a project's full file: asked, granted, declined, revoked, ending.

export const accessRequested = (p: {
  funderName: string;
  title: string;
  introduction: string | null | undefined;
  url: string;
}): EmailContent => ({
  subject: `New access request for "${p.title}"`,
  blocks: blocks(
    paragraph(`${p.funderName} has asked for access to the full file of your project "${p.title}".`),
    Boolean(p.introduction) && paragraph('Their introduction:'),
    Boolean(p.introduction) && quote(p.introduction!),
    action('Review the request', p.url, 'Approve or decline the request here:'),
  ),
});

export const accessGranted = (p: {
  approver: string;
  title: string;
  lastDay: string | null;
  url: string;
}): EmailContent => ({
  subject: `Access granted: "${p.title}"`,
  blocks: blocks(
    paragraph(
      `${p.approver} approved your request for access to "${p.title}". The full project file, its financials and documents are now open to you.` +
        (p.lastDay ? ` Your access lasts until the end of ${p.lastDay} (Sydney time).` : ''),
    ),
    action('Open the project', p.url),
  ),
});

export const accessDeclined = (p: { projectName: string; url: string }): EmailContent => ({
  subject: 'Access request declined',
  blocks: blocks(
    paragraph(
      `The developer of ${p.projectName} declined your request for access. The project is back in your marketplace should you wish to ask again.`,
    ),
    action('Browse the marketplace', p.url),
  ),
});

/** To the funder whose access ended: stop using what they received. */
export const accessRevoked = (p: {
  title: string;
  ended: string;
  reason: string;
  url: string;
}): EmailContent => ({
  subject: `Access revoked: "${p.title}"`,
  blocks: blocks(
    paragraph(`${p.ended}. Its file, documents and deal room are no longer available to you.`),
    paragraph(`Reason: ${p.reason}`),
    paragraph(
      'Under the confidentiality undertaking you accepted, stop using the information you received and ' +
        'destroy or return it, except copies you must keep by law.',
    ),
    action('Open Messages', p.url),
  ),
});

/** To the developer when the Plinth team revoked a funder's access. */
export const accessRevokedForDeveloper = (p: {
  title: string;
  reason: string;
  url: string;
}): EmailContent => ({
  subject: `A funder's access was revoked: "${p.title}"`,
  blocks: blocks(
    paragraph(
      `The Plinth team revoked a funder's access to your project "${p.title}". Its deal room ` +
        'stays readable to you, read-only.',
    ),
    paragraph(`Reason: ${p.reason}`),
    action('Open access requests', p.url),
  ),
});

export const accessExpiring = (p: { title: string; lastDay: string; url: string }): EmailContent => ({
  subject: `Your access to "${p.title}" ends soon`,
  blocks: blocks(
    paragraph(
      `The developer granted you access to "${p.title}" until the end of ${p.lastDay} (Sydney time). ` +
        'After that its file, documents and deal room are no longer available to you; ask the developer ' +
        'if you need longer.',
    ),
    action('Open the project', p.url),
  ),
});
