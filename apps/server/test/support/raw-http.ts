import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends one request with exactly the request target given — no client library normalises
 * it — over a plain TCP socket, and reads the answer until the server closes.
 */
export function rawRequest(
  port: number,
  opts: { method: string; target: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const body = opts.body ?? '';
    const headers: Record<string, string> = {
      host: `127.0.0.1:${port}`,
      connection: 'close',
      ...(body
        ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }
        : {}),
      ...opts.headers,
    };
    const head = [
      `${opts.method} ${opts.target} HTTP/1.1`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    // Written, not ended: a half-closed socket can lose the answer; the server closes (Connection: close).
    socket.on('connect', () => socket.write(`${head.join('\r\n')}\r\n\r\n${body}`));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf('\r\n\r\n');
      const headText = raw.subarray(0, split < 0 ? raw.length : split).toString('latin1');
      const [statusLine = '', ...lines] = headText.split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      const parsed: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) parsed[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let rest: Buffer = split < 0 ? Buffer.alloc(0) : raw.subarray(split + 4);
      if (parsed['transfer-encoding'] === 'chunked') rest = dechunk(rest);
      resolve({ status, headers: parsed, body: rest.toString('utf8') });
    });
  });
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let i = 0;
  while (i < data.length) {
    const lineEnd = data.indexOf('\r\n', i);
    if (lineEnd < 0) break;
    const size = Number.parseInt(data.subarray(i, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    i = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
