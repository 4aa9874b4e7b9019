// What other folders may use of search/: its face (docs/architecture.md#the-apis-floors). Import search/ only from here.
export { SearchModule } from './search.module.js';
export { learnWords } from './search.repository.js';
export { SearchService } from './search.service.js';
