import { BrowserRouter } from 'react-router-dom';
import './styles/theme.css';
import './styles/layout.css';
import './styles/first-paint.css';
import { AppRoutes } from './routes';
import { Shell } from './shell/shell';
import { SessionSync } from './session-sync';

// The app frame is react-router's BrowserRouter and the shop's own shell. IonApp and IonReactRouter
// were dropped for issue 14's first paint (docs/decisions.md "Storefront: the app frame without
// Ionic"): no screen used an Ionic component, and they cost 39 KB of the 171 KB of JavaScript that /
// loaded, plus 11 KB of render-blocking CSS whose ion-app layout theme.css had to undo.
export function App() {
  return (
    <BrowserRouter>
      <SessionSync />
      <Shell>
        <AppRoutes />
      </Shell>
    </BrowserRouter>
  );
}
