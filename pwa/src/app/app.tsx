import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes';
import { Shell } from './shell/shell';
import { SessionSync } from './session-sync';

// react-router's own BrowserRouter: the pages are react-router <Routes>, never Ionic's outlet, and the shop renders
// no Ionic component, so IonReactRouter's page stack and setupIonicReact were 15 KB gzip of the first visit doing
// nothing (docs/decisions/0133-texts-and-storage-load-with-their-feature.md). Ionic's core.css stays
// (main.tsx). No IonApp either (docs/decisions/0152-no-ionapp-on-the-first-visit.md).
export function App() {
  return (
    <div className="app">
      <BrowserRouter>
        <SessionSync />
        <Shell>
          <AppRoutes />
        </Shell>
      </BrowserRouter>
    </div>
  );
}
