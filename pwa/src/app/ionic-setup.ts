import { initialize } from '@ionic/core/components';

/**
 * Ionic's set-up, what `setupIonicReact` does: Material look everywhere, no ripple or swipe-back gesture code (a shop in
 * a browser needs neither). start-app.tsx runs it once the first screen has settled: no page draws an Ionic component
 * before then (the shell and home draw none), and on `/` it was 2 KB gzip of Ionic's config and platform code
 * (docs/benchmarks.md "First visit weight"; no IonApp either: docs/decisions/0054-storefront-frame-and-first-paint.md).
 */
export function setupIonic(): void {
  document.documentElement.classList.add('ion-ce');
  initialize({ mode: 'md', rippleEffect: false, swipeBackEnabled: false, hardwareBackButton: false, inputShims: false, statusTap: false });
}
