import { connect } from 'node:net';

export interface RawAnswer {
  /** Everything the server sent, as text. */
  response: string;
  /** Whether the server closed the connection before the client gave up. */
  closed: boolean;
  /** Milliseconds from connecting until the server closed the connection (or the client gave up). */
  ms: number;
}

/**
 * Bytes exactly as written, on a raw socket to 127.0.0.1:`port`: no client in between to normalise
 * a path, complete a header or add a length. `trickle`, if given, writes one more piece every
 * `everyMs` until the server closes the connection; the client gives up after `giveUpMs`.
 */
export function rawRequest(
  port: number,
  send: string | Buffer,
  options: { giveUpMs: number; trickle?: { everyMs: number; next: (n: number) => string } },
): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let ticker: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      clearInterval(ticker);
      clearTimeout(giveUp);
      if (!socket.destroyed) socket.destroy();
      done({
        response: Buffer.concat(chunks).toString('latin1'),
        closed,
        ms: Math.round(performance.now() - started),
      });
    };
    const giveUp = setTimeout(() => finish(false), options.giveUpMs);
    socket.on('connect', () => {
      if (send.length > 0) socket.write(send);
      if (options.trickle) {
        let n = 0;
        const { everyMs, next } = options.trickle;
        ticker = setInterval(() => {
          if (!socket.destroyed && socket.writable) socket.write(next(n++));
        }, everyMs);
      }
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A reset after the server gave up on us is a close like any other.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
      clearInterval(ticker);
      clearTimeout(giveUp);
      fail(error);
    });
    socket.on('close', () => finish(true));
  });
}

/** The status line's code of a raw answer, or 0 when the server sent nothing. */
export const statusOf = (answer: RawAnswer) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer.response)?.[1] ?? 0);
