// A stream carried over a MessagePort (server/workers/streamPort.ts): bytes arrive whole and in order,
// the sender waits for the reader, and a reader that goes away stops the sender.
import { Readable } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { receiveStream, sendStream } from '../../server/workers/streamPort';

const chunks = (n: number) => Array.from({ length: n }, (_, i) => Buffer.from(`chunk ${i};`));

describe('a stream over a port', () => {
  it('arrives whole and in order, slices of a shared buffer included', async () => {
    const { port1, port2 } = new MessageChannel();
    const shared = Buffer.from('0123456789');
    const source = Readable.from([...chunks(50), shared.subarray(2, 5)], { objectMode: false });
    const sent = sendStream(source, port2);
    const received: Buffer[] = [];
    for await (const c of receiveStream(port1, sent)) received.push(c as Buffer);
    await sent;
    expect(Buffer.concat(received).toString()).toBe(chunks(50).join('') + '234');
  });

  it('sends no more than the reader asked for', async () => {
    const { port1, port2 } = new MessageChannel();
    let pulled = 0;
    const source = new Readable({
      highWaterMark: 1,
      read() {
        this.push(pulled < 1000 ? Buffer.alloc(1 << 16, pulled++) : null);
      },
    });
    const sent = sendStream(source, port2);
    const readable = receiveStream(port1, sent);
    await new Promise((r) => readable.once('readable', r));
    await new Promise((r) => setTimeout(r, 100));
    // One chunk asked for, a few read ahead by the streams on each side: nowhere near the thousand.
    expect(pulled).toBeLessThan(10);
    readable.destroy();
    await sent;
  });

  it('stops the sender when the reader goes away', async () => {
    const { port1, port2 } = new MessageChannel();
    let pulled = 0;
    const source = new Readable({
      read() {
        this.push(Buffer.alloc(1024, pulled++));
      },
    });
    const sent = sendStream(source, port2);
    const readable = receiveStream(port1, sent);
    for await (const _ of readable) break;
    await sent;
    expect(source.destroyed).toBe(true);
  });

  it('fails the reader when the sender fails', async () => {
    const { port1, port2 } = new MessageChannel();
    const source = new Readable({
      read() {
        this.destroy(new Error('the database went away'));
      },
    });
    const sent = sendStream(source, port2);
    await expect(
      (async () => {
        for await (const _ of receiveStream(port1, sent)) void _;
      })(),
    ).rejects.toThrow('the database went away');
  });
});
