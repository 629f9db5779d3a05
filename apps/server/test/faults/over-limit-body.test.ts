import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { useScratchServer } from '../support/scratch-server.ts';

/*
 * A body over the limit is answered 413 before it is read. The client is still sending when
 * the answer goes out; a server that then closes at once (with the client's bytes unread)
 * resets the connection, and the client's kernel throws the answer away with it. The answer
 * must reach the client: the real server over a plain socket, 20 MB sent, several at once.
 */

const ADMIN = { email: 'limit-admin@example.com', password: 'limit-password-1' };
const scratch = useScratchServer({ name: 'over-limit', admin: ADMIN });

/** Sends `head` and `size` bytes of body without waiting; what came back before the close (or reset). */
function sendOversized(port: number, head: string, size: number): Promise<{ text: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let error: string | undefined;
    socket.on('connect', () => {
      socket.write(head);
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const pump = () => {
        while (sent < size) {
          sent += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
      };
      pump();
    });
    socket.on('data', (data) => chunks.push(data));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on('close', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), error }));
  });
}

describe('an over-limit body still gets its answer', () => {
  it('a 20 MB JSON body reads 413 "Request body is too large", round after round, on a busy server', {
    timeout: 240_000,
  }, async () => {
    const port = Number(new URL(scratch.server.baseURL).port);
    const size = 20 * 1024 * 1024;
    const head =
      `POST /api/jobs HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nauthorization: Bearer ${scratch.token}\r\n` +
      `content-type: application/json\r\ncontent-length: ${size}\r\n\r\n`;
    for (let round = 1; round <= 4; round++) {
      // Busy: reads in flight beside the uploads.
      const busy = Array.from({ length: 6 }, () => scratch.api('GET', '/employees'));
      const answers = await Promise.all(Array.from({ length: 3 }, () => sendOversized(port, head, size)));
      for (const answer of answers) {
        const context = `round ${round}: ${answer.error ?? 'closed'}, read ${JSON.stringify(answer.text.slice(0, 120))}`;
        expect(answer.text, context).toMatch(/^HTTP\/1\.1 413 /);
        expect(answer.text, context).toContain('"message":"Request body is too large"');
      }
      for (const res of await Promise.all(busy)) expect(res.status).toBe(200);
    }
    // And the server goes on answering.
    expect((await scratch.api('GET', '/health')).status).toBe(200);
  });
});
