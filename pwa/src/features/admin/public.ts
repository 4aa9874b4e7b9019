// What other features may use of admin/: its public file (the import boundaries in eslint/import-boundaries.js).
export { PeriodExport } from './components/period-export';
