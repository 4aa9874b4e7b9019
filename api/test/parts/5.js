// One part of the API's test files (test/test-parts.js).
import { runPart } from '../test-parts.js';

await runPart(import.meta.url);
