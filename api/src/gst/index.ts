// What other folders may use of gst/: its face (docs/architecture.md#the-apis-floors). Import gst/ only from here.
export { GstModule } from './gst.module.js';
