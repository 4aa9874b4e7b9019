import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a stand-in received, read whole. */
export interface StandInRequest {
  method: string;
  /** The path without its query. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What a stand-in answers: a status and a JSON body, with any extra headers. */
export interface StandInReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * A small local HTTP server standing in for a third party the tests cannot reach (Twilio, the WhatsApp Cloud API,
 * Stripe): reads each request whole, hands it to `answer`, and sends its reply as JSON. `start()` answers the base URL
 * to give the API in place of the third party's.
 */
export class StandIn {
  private server: Server | null = null;

  constructor(private readonly answer: (request: StandInRequest) => StandInReply) {}

  async start(): Promise<string> {
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const reply = this.answer({ method: req.method ?? '', path: (req.url ?? '').split('?')[0] ?? '', headers: req.headers, body });
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(JSON.stringify(reply.body));
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
