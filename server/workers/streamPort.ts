// A byte stream carried from a worker thread to the main thread over a MessagePort, with backpressure
// (docs/decisions/0033-exports-in-the-export-worker.md). The reading side asks for one
// chunk at a time ('more', sent when its Readable wants data), so the worker formats about one chunk
// ahead of the consumer and neither thread's memory grows with a slow reader; each chunk's memory moves
// across (a transfer, not a copy). 'cancel' tells the worker the reader went away (a closed download).
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { MessagePort } from 'node:worker_threads';

/**
 * The chunks arrive as new ArrayBuffers in the main thread's young generation, and are garbage once the
 * socket has them. The main thread allocates little else while it streams, so its scavenges are rare, and
 * V8 frees such memory only at a collection or past its 64 MB external-memory limit: at 25,000 rows/s the
 * download's RSS grew by 115 MB. A scavenge (a minor collection, a few milliseconds over a young
 * generation of mostly dead objects) every SCAVENGE_EVERY bytes received keeps that under a few chunks.
 * V8's gc function is only reachable in a context made after --expose-gc; it is made once, here.
 */
const SCAVENGE_EVERY = 16 * 1024 * 1024;
let minorGc: ((options: { type: 'minor' }) => void) | null | undefined;
function scavenge(): void {
  if (minorGc === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      minorGc = runInNewContext('gc') as typeof minorGc;
    } catch {
      minorGc = null;
    }
  }
  minorGc?.({ type: 'minor' });
}

type Ask = 'more' | 'cancel';
/** A chunk, or null at the end. */
type Sent = Uint8Array | null;

/** Worker side: sends `stream` over `port` as the reader asks for it; resolves at its end or when the reader cancels. */
export async function sendStream(stream: Readable, port: MessagePort): Promise<void> {
  let credits = 0;
  let cancelled = false;
  let ended = false;
  let wake: (() => void) | null = null;
  const cancel = () => {
    cancelled = true;
    stream.destroy();
    wake?.();
  };
  port.on('message', (ask: Ask) => {
    if (ask === 'cancel') return cancel();
    credits++;
    wake?.();
  });
  // The reading side closes the port at the end, and when it goes away.
  port.on('close', () => {
    if (!ended) cancel();
  });
  try {
    for await (const chunk of stream as AsyncIterable<Uint8Array>) {
      while (!credits && !cancelled) await new Promise<void>((r) => (wake = r));
      if (cancelled) return;
      credits--;
      // A chunk that owns its whole memory moves as it is; a slice of a shared pool is copied first.
      const own = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength ? chunk : new Uint8Array(chunk);
      port.postMessage(own satisfies Sent, [own.buffer as ArrayBuffer]);
    }
    ended = true;
    port.postMessage(null satisfies Sent);
  } catch (err) {
    if (!cancelled) throw err;
  }
}

/**
 * Main side: the bytes a worker's sendStream sends over `port`, as a Readable. `done` is the worker's
 * task: when it fails before the end, the Readable fails with its error.
 */
export function receiveStream(port: MessagePort, done: Promise<unknown>): Readable {
  let ended = false;
  let sinceScavenge = 0;
  const readable = new Readable({
    read() {
      port.postMessage('more' satisfies Ask);
    },
    destroy(err, callback) {
      if (!ended) port.postMessage('cancel' satisfies Ask);
      port.close();
      callback(err);
    },
  });
  port.on('message', (sent: Sent) => {
    if (sent === null) {
      ended = true;
      readable.push(null);
      port.close();
    } else {
      sinceScavenge += sent.byteLength;
      if (sinceScavenge >= SCAVENGE_EVERY) {
        sinceScavenge = 0;
        scavenge();
      }
      readable.push(Buffer.from(sent.buffer, sent.byteOffset, sent.byteLength));
    }
  });
  done.catch((err: Error) => {
    if (!ended) readable.destroy(err);
  });
  return readable;
}
