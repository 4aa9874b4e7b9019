// Test files haat/no-test-sleeps does not check yet: each still waits a fixed time for something it
// could wait for (requests queued for a connection). A file leaves this list when it waits for the
// thing itself; nothing new joins it.
export const knownTestSleeps = ['api/test/cheap-requests.e2e-spec.ts'];
