// What other folders may use of security-headers/: its face (docs/architecture.md#the-apis-floors). Import security-headers/ only from here.
export { securityHeaders } from './security-headers.js';
