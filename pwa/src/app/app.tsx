import { IonReactRouter } from '@ionic/react-router';
import { AppRoutes } from './routes';
import { Shell } from './shell/shell';
import { SessionSync } from './session-sync';

// No IonApp: it alone brought Ionic's component runtime (14 KB gzip) onto the first visit
// (docs/decisions/0054-storefront-frame-and-first-paint.md); Ionic's set-up runs once the first screen has settled (ionic-setup.ts).
export function App() {
  return (
    <div className="app">
      <IonReactRouter>
        <SessionSync />
        <Shell>
          <AppRoutes />
        </Shell>
      </IonReactRouter>
    </div>
  );
}
