import { temporaryFilesInMemory } from '../scripts/ram-disk.mjs';
import { swcOptions } from '../scripts/swc.mjs';

/**
 * Every test app copies a migrated PGlite folder (≈ 40 MB, 1,100 files) into a temporary folder and
 * deletes it when it closes, hundreds of times a run (test/harness.ts). On a disk, that writing and
 * unlinking cost a second of system time and several of waiting per app on a shared CI machine; in
 * memory almost nothing. So the temporary folder is /dev/shm when it exists with room to spare, unless
 * TMPDIR is set (scripts/ram-disk.mjs). The workers inherit it.
 */
temporaryFilesInMemory();

/** Jest runs the ESM API through @swc/jest, with the build's options (scripts/swc.mjs); @haat/shared straight from its sources. */
export default {
  // jest's node environment with the most read globals bound once per file (test/environment.js).
  testEnvironment: '<rootDir>/test/environment.js',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swcOptions] },
  moduleNameMapper: {
    '^@haat/shared/(.*)$': '<rootDir>/../shared/src/$1.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  // `npm test` (API_TEST_IN_PARTS=1) runs every file inside a few parts, one module graph per part
  // instead of per file (test/test-parts.js, docs/testing.md); `npx jest`
  // runs the files one by one, so a single file can be named on the command line.
  testMatch: process.env.API_TEST_IN_PARTS === '1' ? ['<rootDir>/test/parts/*.js'] : ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  // Generous: a test file starts real servers (PGlite ~3 s each), and CI machines may be busy.
  testTimeout: 180_000,
  // Test files run in parallel (API_TEST_WORKERS, 2 unless set): every test app has its own PGlite
  // folder, scratch PostgreSQL database and Redis prefix (test/harness.ts), so files never share state.
  maxWorkers: Number(process.env.API_TEST_WORKERS ?? 2),
  // A worker that ends holds 1–2 GB (its part's module graph and PGlites: test/test-parts.js), which the kernel takes
  // more than jest's default 0.5 s to free when the machine is busy: jest then killed it and printed "a worker
  // process has failed to exit gracefully" though nothing was left open. A worker that does hang is still killed.
  workerGracefulExitTimeout: 5_000,
  // The longest files first, whatever jest cached (test/slowest-first.js).
  testSequencer: '<rootDir>/test/slowest-first.js',
};
