import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces that name our TypeScript files and lines, as `node --enable-source-maps` gives them,
 * with a bundle's source map read only when a stack trace first needs it (issue 31 item 3, decision
 * 075). `--enable-source-maps` reads and keeps the source map of every module as it loads — ours
 * (3.4 MB, every source file's text included) and those of npm packages (PGlite's, luxon's, …) —
 * about 16 MB of resident memory for the life of the process, for stack traces that are rare.
 *
 * Frames in the files beside `entryUrl` (dist/, whose chunks have their .map files beside them) are
 * mapped; other frames are printed as V8 prints them. Nothing is installed when Node maps stack
 * traces itself (`--enable-source-maps`, or a loader such as tsx that turns it on).
 */
export function mapStackTracesOnDemand(entryUrl: string): boolean {
  if (process.sourceMapsEnabled) return false;
  const dir = new URL('.', entryUrl).href;
  const maps = new Map<string, { map: SourceMap; url: string } | null>();

  const mapOf = (fileUrl: string) => {
    let found = maps.get(fileUrl);
    if (found === undefined) {
      try {
        const url = `${fileUrl}.map`;
        found = { map: new SourceMap(JSON.parse(readFileSync(fileURLToPath(url), 'utf8'))), url };
      } catch {
        found = null;
      }
      maps.set(fileUrl, found);
    }
    return found;
  };

  const frameOf = (site: NodeJS.CallSite): string => {
    const text = String(site);
    const file = site.getFileName();
    const line = site.getLineNumber();
    const column = site.getColumnNumber();
    if (!file || line === null || column === null) return text;
    const fileUrl = file.startsWith('file:') ? file : `file://${file}`;
    if (!fileUrl.startsWith(dir)) return text;
    const found = mapOf(fileUrl);
    if (!found) return text;
    // Source map lines and columns count from 0, a stack trace's from 1.
    const entry = found.map.findEntry(line - 1, column - 1) as {
      originalSource?: string;
      originalLine?: number;
      originalColumn?: number;
    };
    if (!entry.originalSource || entry.originalLine === undefined || entry.originalColumn === undefined)
      return text;
    const source = fileURLToPath(new URL(entry.originalSource, found.url));
    // V8 ends a frame with "<file>:<line>:<column>", in brackets when the frame has a name.
    const location = `${file}:${line}:${column}`;
    const at = text.lastIndexOf(location);
    if (at < 0) return text;
    const mapped = `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
    return `${text.slice(0, at)}${mapped}${text.slice(at + location.length)}`;
  };

  Error.prepareStackTrace = (error: unknown, sites: NodeJS.CallSite[]) => {
    let head: string;
    try {
      head = Error.prototype.toString.call(error);
    } catch {
      head = 'Error';
    }
    // A frame that cannot be mapped is printed as V8 prints it: a stack trace never fails to print.
    const frame = (site: NodeJS.CallSite) => {
      try {
        return frameOf(site);
      } catch {
        return String(site);
      }
    };
    return sites.length === 0 ? head : `${head}\n    at ${sites.map(frame).join('\n    at ')}`;
  };
  return true;
}
