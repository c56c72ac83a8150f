/**
 * Answers the server still gives that its OpenAPI document does not describe (issue 36 item 2),
 * each `METHOD /path/{param} STATUS` with why it is here and what fixes it. The conformance check
 * (openapi-conformance.ts) lets exactly these through; everything else that drifts fails its test.
 * An entry leaves this list when its route's schema is fixed.
 */
export const DRIFT_ALLOWED: ReadonlySet<string> = new Set<string>([
  // The permission matrix asks the event stream without a session: the 401 is sent with
  // `content-type: application/json` but its body does not parse as JSON through inject (the
  // route hijacks the reply for the stream). Fix: answer the 401 before hijacking (events.routes.ts)
  // or document the 401 as text; found by the full suite run of 29 Nov 09:23.
  'GET /api/events 401',
]);
