import http from 'node:http';

export interface StreamedAnswer {
  status?: number;
  body: string;
  /** From the first byte sent until the answer's end. */
  ms: number;
  /** Bytes the client had written when the answer came (or the connection ended). */
  sent: number;
  /** A connection error before any answer (a reset instead of the 413). */
  error?: string;
}

/**
 * POSTs `total` bytes to `url` in 64 kB chunks, as fast as the server takes them: chunked
 * (no Content-Length), or with `declared` Content-Length. Stops sending as soon as the answer
 * has arrived, as a client would, and reports what came back.
 */
export function streamedPost(
  url: string,
  {
    total,
    declared = false,
    headers = {},
  }: { total: number; declared?: boolean; headers?: Record<string, string> },
): Promise<StreamedAnswer> {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  return new Promise((resolve) => {
    const started = Date.now();
    let sent = 0;
    let answered = false;
    const request = http.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(declared ? { 'content-length': String(total) } : {}),
        ...headers,
      },
    });
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => {
        resolve({ status: response.statusCode, body, ms: Date.now() - started, sent });
        request.destroy();
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered) resolve({ body: '', ms: Date.now() - started, sent, error: error.code });
    });
    const write = () => {
      while (sent < total && !answered) {
        const size = Math.min(chunk.length, total - sent);
        sent += size;
        if (!request.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
          request.once('drain', write);
          return;
        }
      }
      if (!answered) request.end();
    };
    write();
  });
}
