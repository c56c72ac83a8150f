import { action, blocks, type EmailContent, paragraph, quote } from '../content';

// Document requests in a deal room: asked for, fulfilled.

export const documentRequested = (p: {
  requester: string;
  documentName: string;
  title: string;
  description: string | null | undefined;
  url: string;
}): EmailContent => ({
  subject: `Document requested: "${p.documentName}"`,
  blocks: blocks(
    paragraph(`${p.requester} asked you for "${p.documentName}" in the deal room of "${p.title}".`),
    Boolean(p.description) && quote(p.description!),
    action('Upload the document', p.url, 'Upload it against the request here:'),
  ),
});

export const documentRequestFulfilled = (p: {
  uploader: string;
  names: string;
  documentName: string;
  title: string;
  url: string;
}): EmailContent => ({
  subject: `Document request fulfilled: "${p.documentName}"`,
  blocks: blocks(
    paragraph(
      `${p.uploader} uploaded ${p.names} for your request "${p.documentName}" in the deal room of "${p.title}".`,
    ),
    action('Open the deal room', p.url),
  ),
});
