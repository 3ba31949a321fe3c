import { request, type IncomingHttpHeaders } from 'node:http';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RawRequestOptions {
  method?: string;
  /** Sent as they are, including Host (fetch would not let a test choose it). */
  headers?: Record<string, string>;
  body?: string;
  /** Send the headers only and never the body the Content-Length announces. */
  withholdBody?: boolean;
}

/**
 * One HTTP/1.1 request through node:http on a fresh keep-alive connection, for what fetch hides:
 * a chosen Host header, a raw path with malformed escapes, and the Connection header of the answer.
 */
export function rawRequest(
  baseUrl: string,
  path: string,
  options: RawRequestOptions = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        hostname,
        port,
        path,
        method: options.method ?? 'GET',
        headers: { connection: 'keep-alive', ...options.headers },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
          outgoing.destroy();
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    if (options.withholdBody) outgoing.flushHeaders();
    else outgoing.end(options.body);
  });
}
