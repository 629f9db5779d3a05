import type { Socket } from 'node:net';

/** How long a refused upload may go on arriving before the connection is cut. */
const LINGER_MS = 5_000;

/**
 * A lingering close for an answer given before the request's body was read (a 413): Node
 * would close the socket as soon as the answer is written, with the client's bytes still
 * unread, and a close with unread bytes resets the connection — the client's kernel then
 * drops the answer it had not yet handed to the client. Instead the answer is sent and the
 * sending side closed (FIN), what the client still sends is read and thrown away, and the
 * socket closes when the client stops or after LINGER_MS.
 */
export function lingerBeforeClose(socket: Socket | null | undefined): void {
  if (!socket || socket.destroyed) return;
  const linger = socket as Socket & { destroySoon?: () => void };
  linger.destroySoon = function lingeringDestroySoon(this: Socket) {
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', () => this.destroy());
    this.end();
    this.on('data', () => undefined);
    this.resume();
  };
}
