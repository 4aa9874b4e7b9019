import { setupIonicReact } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { AppRoutes } from './routes';
import { Shell } from './shell/shell';
import { SessionSync } from './session-sync';

// Material look everywhere, no ripple or swipe-back gesture code: a shop in a browser needs neither, and leaving them
// out keeps their modules off the first load. No IonApp: it alone brought Ionic's component runtime (14 KB gzip) onto
// the first visit (docs/decisions/0152-no-ionapp-on-the-first-visit.md).
setupIonicReact({ mode: 'md', rippleEffect: false, swipeBackEnabled: false, hardwareBackButton: false, inputShims: false, statusTap: false });

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
