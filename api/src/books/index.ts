// What other folders may use of books/: its face (docs/architecture.md#the-apis-floors). Import books/ only from here.
export { BooksModule } from './books.module.js';
