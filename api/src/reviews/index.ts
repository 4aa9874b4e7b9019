// What other folders may use of reviews/: its face (docs/architecture.md#the-apis-floors). Import reviews/ only from here.
export { ReviewsModule } from './reviews.module.js';
