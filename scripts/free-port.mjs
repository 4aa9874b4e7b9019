import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on now (the kernel's choice). @returns {Promise<number>} */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
