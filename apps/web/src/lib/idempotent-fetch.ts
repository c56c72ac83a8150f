/**
 * Unsafe calls to our API (POST, PUT, PATCH, DELETE) carry an `Idempotency-Key` (issue 20): the
 * server runs the first request with a key and answers every later one with the first answer. So a
 * request whose answer was lost (the connection dropped, or a proxy said 502/503/504 while the
 * instance behind it died) is sent again with the same key, and can never act twice. The key is
 * made once per call, never per attempt: a retry with a new key would be a second action.
 */

/** Nominal waits before the 1st, 2nd and 3rd retry; then the last answer (or failure) stands. */
export const RETRY_DELAYS_MS = [300, 900, 2700] as const;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const isUnsafeMethod = (method = 'GET') => UNSAFE_METHODS.has(method.toUpperCase());

/**
 * The wait before retry number `retry` (0-based): the nominal step ±20 %, so the clients one outage
 * cut off together do not all come back in the same instant.
 */
export const retryDelayMs = (retry: number, random = Math.random()) =>
  (RETRY_DELAYS_MS[retry] ?? 0) * (0.8 + 0.4 * random);

/**
 * 502, 503 and 504 come from a proxy or an instance that could not finish: the request may or may
 * not have run, which the key makes safe to ask again. A 409 IDEMPOTENCY_KEY_IN_USE says the first
 * attempt (whose answer was lost) is still running: asking again later gets its answer. Every other
 * answer, errors included, is the server's verdict and stands.
 */
async function isWorthRetrying(response: Response): Promise<boolean> {
  if (response.status === 502 || response.status === 503 || response.status === 504) return true;
  if (response.status !== 409) return false;
  try {
    return (
      (JSON.parse(await response.clone().text()) as { code?: unknown }).code === 'IDEMPOTENCY_KEY_IN_USE'
    );
  } catch {
    return false;
  }
}

/**
 * A random key. randomUUID exists only in secure contexts (HTTPS, localhost); an instance reached over
 * plain HTTP on a LAN address still gets 128 random bits from getRandomValues.
 */
const newIdempotencyKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
        byte.toString(16).padStart(2, '0'),
      ).join('');

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one action with one fresh key, as often as it takes to get an answer worth keeping (at most
 * 1 + 3 attempts, about 4 s of waiting). `send` makes one attempt and rejects with a TypeError when
 * no answer came (what fetch does on a network failure); any other rejection (an abort) stands.
 * Resolves to the last answer, or rejects with the last network failure.
 */
export async function sendWithIdempotencyKey(send: (key: string) => Promise<Response>): Promise<Response> {
  const key = newIdempotencyKey();
  for (let retry = 0; ; retry++) {
    const isLastAttempt = retry === RETRY_DELAYS_MS.length;
    try {
      const response = await send(key);
      if (isLastAttempt || !(await isWorthRetrying(response))) return response;
      await response.body?.cancel();
    } catch (error) {
      if (isLastAttempt || !(error instanceof TypeError)) throw error;
    }
    await wait(retryDelayMs(retry));
  }
}

/**
 * fetch for our API: an unsafe method goes with an Idempotency-Key and is retried as above; GET and
 * HEAD go out once, as they always did (the browser and TanStack Query decide about those).
 */
export function idempotentFetch(url: string, init: RequestInit = {}): Promise<Response> {
  if (!isUnsafeMethod(init.method)) return fetch(url, init);
  return sendWithIdempotencyKey((key) => {
    const headers = new Headers(init.headers);
    headers.set('Idempotency-Key', key);
    return fetch(url, { ...init, headers });
  });
}
