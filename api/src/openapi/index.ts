// What other folders may use of openapi/: its face (docs/architecture.md#the-apis-floors). Import openapi/ only from here.
export { OpenApiModule } from './openapi.module.js';
