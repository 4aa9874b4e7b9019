/** Jest runs the ESM API through @swc/jest (decorators + metadata); @haat/shared straight from its sources. */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: {
    '^@haat/shared/(.*)$': '<rootDir>/../shared/src/$1.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  // Generous: a test file starts real servers (PGlite ~3 s each), and CI machines may be busy.
  testTimeout: 180_000,
  // Test files run in parallel (API_TEST_WORKERS, 2 unless set): every test app has its own PGlite
  // folder, scratch PostgreSQL database and Redis prefix (test/harness.ts), so files never share state.
  maxWorkers: Number(process.env.API_TEST_WORKERS ?? 2),
  // The longest files first, whatever jest cached (test/slowest-first.js).
  testSequencer: '<rootDir>/test/slowest-first.js',
};
