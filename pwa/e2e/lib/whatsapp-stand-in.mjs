import { createServer } from 'node:http';

/**
 * A small local stand-in for the WhatsApp Cloud API's messages endpoint (WHATSAPP_API_BASE), for journeys: it
 * records each message the API sends and answers as Meta does.
 */
export async function startWhatsappStandIn() {
  const messages = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      messages.push({ path: req.url, authorization: req.headers.authorization, body: JSON.parse(raw || '{}') });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messages: [{ id: `wamid.${messages.length}` }] }));
    });
  });
  await new Promise(/** @param {(value?: unknown) => void} resolve */ (resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
    messages,
    stop: () => new Promise(/** @param {(value?: unknown) => void} resolve */ (resolve) => server.close(() => resolve())),
  };
}
