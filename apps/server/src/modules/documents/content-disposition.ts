/**
 * A Content-Disposition header for a stored file name: an ASCII-only quoted `filename` for old
 * clients (quotes, backslashes, control and non-ASCII characters replaced by '_') and the exact
 * name as RFC 5987 `filename*`. Nothing the uploader chose can break out of the header.
 */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
