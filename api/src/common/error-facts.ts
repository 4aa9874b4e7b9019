import { databaseFault } from './database-fault.js';
import { redactSecrets } from './redact-secrets.js';

/**
 * An error as a log line may show it: a database error by its facts alone (its message holds the
 * SQL parameters), any other by its name and message with hashes, tokens and e-mails blanked.
 */
export function errorFacts(error: unknown): string {
  const fault = databaseFault(error);
  if (fault) {
    const facts = [
      fault.code && `sqlstate=${fault.code}`,
      fault.constraint && `constraint=${fault.constraint}`,
      fault.table && `table=${fault.table}`,
      fault.column && `column=${fault.column}`,
    ];
    return [fault.unavailable ? 'database unavailable' : fault.busy ? 'database pool busy' : 'database error', ...facts].filter(Boolean).join(' ');
  }
  if (error instanceof Error) return redactSecrets(`${error.name}: ${error.message}`);
  return redactSecrets(String(error));
}
