// What other folders may use of metrics/: its face (docs/architecture.md#the-apis-floors). Import metrics/ only from here.
export { MetricsModule } from './metrics.module.js';
export { MetricsService } from './metrics.service.js';
