// API files allowed to import another domain's tables directly, as 'from -> to'. Empty: the 26 reaches
// listed when the boundary rule arrived now go through the owning domain's `<domain>.repository.ts`.
// Keep it empty; see docs/decisions/0043-pwa-feature-boundaries.md.
export const knownTableReaches = [];
