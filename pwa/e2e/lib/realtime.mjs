/** socket.io's long-polling transport joins packets with the ASCII record separator. */
const RECORD_SEPARATOR = String.fromCharCode(0x1e);
const CONNECT_ACK = new RegExp(`(^|${RECORD_SEPARATOR})40\\{`);

/**
 * Resolves once socket.io's namespace CONNECT is acknowledged (packet "40{…}"), whichever transport
 * carries it: a WebSocket frame (the PWA connects over WebSocket first) or a long-polling response
 * (where WebSocket fails). A WebSocket's opening request is not a page request, so a journey never
 * waits for a polling request to know the socket is open. Answers the transport that carried it.
 * @returns {Promise<'websocket' | 'polling'>}
 */
export function realtimeConnected(page) {
  return new Promise(
    /** @param {(transport: 'websocket' | 'polling') => void} resolve */ (resolve) => {
      const seen = (/** @type {unknown} */ text, /** @type {'websocket' | 'polling'} */ transport) => {
        if (!CONNECT_ACK.test(String(text))) return;
        page.off('websocket', onSocket);
        page.off('response', onResponse);
        resolve(transport);
      };
      const onSocket = (ws) => ws.url().includes('/socket.io/') && ws.on('framereceived', (frame) => seen(frame.payload, 'websocket'));
      const onResponse = (res) => {
        if (res.url().includes('/socket.io/') && res.request().method() === 'GET')
          res.text().then(
            (text) => seen(text, 'polling'),
            () => undefined,
          );
      };
      page.on('websocket', onSocket);
      page.on('response', onResponse);
    },
  );
}
