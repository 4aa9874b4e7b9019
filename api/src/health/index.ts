// What other folders may use of health/: its face (docs/architecture.md#the-apis-floors). Import health/ only from here.
export { HealthModule } from './health.module.js';
