// What other folders may use of account/: its face (docs/architecture.md#the-apis-floors). Import account/ only from here.
export { UsersModule } from './users.module.js';
