/** socket.io's long-polling transport joins packets with the ASCII record separator. */
const RECORD_SEPARATOR = String.fromCharCode(0x1e);
const CONNECT_ACK = new RegExp(`(^|${RECORD_SEPARATOR})40\\{`);

/**
 * Resolves once socket.io's namespace CONNECT is acknowledged (packet "40{…}"), whichever transport
 * carries it: a WebSocket frame (the PWA connects over WebSocket first) or a long-polling response
 * (where WebSocket fails). A WebSocket's opening request is not a page request, so a journey never
 * waits for a polling request to know the socket is open.
 */
export function realtimeConnected(page) {
  return new Promise(
    /** @param {(value?: unknown) => void} resolve */ (resolve) => {
      const done = () => {
        page.off('websocket', onSocket);
        page.off('response', onResponse);
        resolve();
      };
      const seen = (text) => CONNECT_ACK.test(String(text)) && done();
      const onSocket = (ws) => ws.url().includes('/socket.io/') && ws.on('framereceived', (frame) => seen(frame.payload));
      const onResponse = (res) => {
        if (res.url().includes('/socket.io/') && res.request().method() === 'GET') res.text().then(seen, () => undefined);
      };
      page.on('websocket', onSocket);
      page.on('response', onResponse);
    },
  );
}
