// What other folders may use of realtime/: its face (docs/architecture.md#the-apis-floors). Import realtime/ only from here.
export { RealtimeIoAdapter } from './realtime-io.adapter.js';
export { RealtimeGateway } from './realtime.gateway.js';
export { RealtimeModule } from './realtime.module.js';
