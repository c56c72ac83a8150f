import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The part of jsdom used here (its types would pull the DOM library into the server's). */
interface Dom {
  window: { eval(source: string): void; close(): void; document: unknown; axe?: typeof import('axe-core') };
}
type JsdomModule = { JSDOM: new (html: string, options: Record<string, unknown>) => Dom };
const jsdomName = 'jsdom';

/**
 * axe-core's WCAG 2.x A/AA rules on an e-mail's HTML in jsdom. Colour contrast needs layout, which
 * jsdom has not: axe leaves it 'incomplete' (the layout's colours are chosen at 7:1 and up).
 */
export async function axeViolations(html: string): Promise<AxeResults['violations']> {
  const { JSDOM } = (await import(jsdomName)) as JsdomModule;
  const dom = new JSDOM(html, { runScripts: 'outside-only', pretendToBeVisual: true });
  try {
    dom.window.eval(axeSource);
    const results = await dom.window.axe!.run(dom.window.document as never, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return results.violations;
  } finally {
    dom.window.close();
  }
}
