// What other folders may use of seed/: its face (docs/architecture.md#the-apis-floors). Import seed/ only from here.
export { SeedModule } from './seed.module.js';
