/** What the app may use of checkout (the only file it imports from here). */
export { registerCodQueue } from './cod-queue';
