// Imported first by main.tsx, before any module makes a schema: zod 4 decides when a schema is
// made whether to compile its parser with `new Function`, and first probes whether it may. The
// CSP (script-src 'self', no 'unsafe-eval') refuses the probe, which the browser reports as a
// console issue on every page. The parsers the app runs are small; it does without the compiled ones.
import { z } from 'zod';

z.config({ jitless: true });
