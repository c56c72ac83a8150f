// The resolve hook of module-trace.mjs (it runs on the loader's own thread): each ES module the
// process imports, as a line of the trace file.
import { appendFileSync } from 'node:fs';

let file;

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (!resolved.url.startsWith('node:')) appendFileSync(file, `${resolved.url}\n`);
  return resolved;
}
