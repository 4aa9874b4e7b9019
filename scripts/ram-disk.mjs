// The test runs' temporary files in memory: the API's tests (api/jest.config.js) and the browser journeys
// (pwa/playwright.config.ts) copy and write data folders of PGlite and uploads by the hundred (40–60 MB, 1,100–2,300
// files each). On this VM's ext4 disk one copy of the journeys' seeded demo cost 1.6–1.8 CPU-s of system time; on
// /dev/shm 0.1 (docs/testing.md).
import { accessSync, constants, existsSync, statfsSync } from 'node:fs';

const RAM_DISK = '/dev/shm';

/** Whether `dir` is writable with more than 2 GiB free (a container's default 64 MB /dev/shm is not). */
function roomy(/** @type {string} */ dir) {
  try {
    accessSync(dir, constants.W_OK);
    const fs = statfsSync(dir);
    return fs.bavail * fs.bsize > 2 * 1024 ** 3;
  } catch {
    return false;
  }
}

/**
 * Points TMPDIR (os.tmpdir(), and every process started after, which inherits it) at /dev/shm when it exists with
 * room to spare, unless TMPDIR is set.
 */
export function temporaryFilesInMemory() {
  if (!process.env.TMPDIR && existsSync(RAM_DISK) && roomy(RAM_DISK)) process.env.TMPDIR = RAM_DISK;
}
