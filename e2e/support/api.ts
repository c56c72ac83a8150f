import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL } from './browser';

/**
 * Fixture: an API call in the context's own session (its cookie jar), checked against the statuses
 * a journey expects, answering the parsed body. The server refuses cookie-bearing writes from
 * foreign origins; the browser would send ours.
 */
export async function call<T>(
  context: BrowserContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: object,
  statuses: number[] = [200],
): Promise<T> {
  const res = await context.request.fetch(path, { method, data, headers: { origin: baseURL() } });
  const text = await res.text();
  expect(statuses, `${method} ${path}: ${res.status()} ${text}`).toContain(res.status());
  return (text ? JSON.parse(text) : undefined) as T;
}
