// What other folders may use of public-config/: its face (docs/architecture.md#the-apis-floors). Import public-config/ only from here.
export { PublicConfigModule } from './public-config.module.js';
