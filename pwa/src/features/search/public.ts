/** What other features may use of search (the only file they import from here; docs/decisions/0043-pwa-feature-boundaries.md). */
/** The search bar with its microphone where the browser recognises speech (docs/product.md#screens), loaded late. */
export const loadVoiceSearch = () => import('./voice/voice-search').then((m) => m.VoiceSearchMic);
