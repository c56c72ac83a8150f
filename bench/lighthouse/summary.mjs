// Turns Lighthouse's reports (lhr) of one page into the figures the budget reads, median of the runs.

export const budgets = {
  performance: 90,
  cls: 0.1,
  // On a signed-in page (the app's first page after signing in): entry, shared chunks and the route's own.
  signedInScripts: 15,
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The figures of one Lighthouse run. */
export function figuresOf(lhr) {
  const audit = (id) => lhr.audits[id];
  const requests = audit('network-requests')?.details?.items ?? [];
  // Every script the load fetched, up to Lighthouse's network quiet: the entry, its imports and the
  // lazy chunks of the route, so everything the page needed before it could be used.
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const consoleErrors = (audit('errors-in-console')?.details?.items ?? []).map((i) =>
    String(i.description ?? i.source ?? '').slice(0, 160),
  );
  const issues = (audit('inspector-issues')?.details?.items ?? []).map((i) => String(i.issueType));
  const renderBlocking = (audit('render-blocking-resources')?.details?.items ?? []).map((i) =>
    String(i.url).replace(/^https?:\/\/[^/]+/, ''),
  );
  // What moved: the elements Lighthouse blames for the layout shift, largest first.
  const shifts = (audit('layout-shifts')?.details?.items ?? []).slice(0, 5).map((i) => ({
    score: Number((i.score ?? 0).toFixed(3)),
    element: String(i.node?.snippet ?? i.node?.nodeLabel ?? '').slice(0, 140),
  }));
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp_ms: Math.round(audit('first-contentful-paint').numericValue),
    lcp_ms: Math.round(audit('largest-contentful-paint').numericValue),
    tbt_ms: Math.round(audit('total-blocking-time').numericValue),
    speed_index_ms: Math.round(audit('speed-index').numericValue),
    tti_ms: Math.round(audit('interactive')?.numericValue ?? 0),
    cls: Number(audit('cumulative-layout-shift').numericValue.toFixed(3)),
    script_requests: scripts.length,
    script_kb: Number((scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024).toFixed(1)),
    console_errors: consoleErrors.length,
    console_issues: issues.length,
    heading_order_ok: audit('heading-order')?.score !== 0,
    details: { consoleErrors, issues, renderBlocking, shifts },
  };
}

/** The medians of a page's runs, and whether they are within the budgets. */
export function summarise(page, lhrs) {
  const runs = lhrs.map(figuresOf);
  const numeric = Object.keys(runs[0]).filter((key) => typeof runs[0][key] === 'number');
  const medians = Object.fromEntries(numeric.map((key) => [key, median(runs.map((r) => r[key]))]));
  const failures = [];
  if (medians.performance < budgets.performance)
    failures.push(`performance ${medians.performance} < ${budgets.performance}`);
  if (medians.cls >= budgets.cls) failures.push(`layout shift ${medians.cls} >= ${budgets.cls}`);
  if (page.as && medians.script_requests > budgets.signedInScripts)
    failures.push(`${medians.script_requests} script requests > ${budgets.signedInScripts}`);
  if (runs.some((r) => r.console_errors > 0)) failures.push('console errors');
  if (runs.some((r) => r.console_issues > 0)) failures.push('console issues');
  if (runs.some((r) => !r.heading_order_ok)) failures.push('heading levels skipped');
  return {
    page: page.name,
    median: medians,
    performance_runs: runs.map((r) => r.performance),
    // The first run's lists, to say what to fix.
    console_errors: runs[0].details.consoleErrors,
    console_issues: [...new Set(runs.flatMap((r) => r.details.issues))],
    render_blocking: runs[0].details.renderBlocking,
    layout_shifts: runs[0].details.shifts,
    failures,
    within_budget: failures.length === 0,
  };
}
