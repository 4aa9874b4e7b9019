import { useState } from 'react';

const DISMISSED_KEY = 'haat:ios-hint-dismissed';

/** iOS Safari has no install prompt: tell the shopper how, once, unless already installed. */
function shouldShow(): boolean {
  const ua = navigator.userAgent;
  const ios = /iphone|ipad|ipod/i.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
  const standalone = matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
  return ios && !standalone && localStorage.getItem(DISMISSED_KEY) !== '1';
}

export function IosInstallHint() {
  const [visible, setVisible] = useState(shouldShow);
  if (!visible) return null;
  return (
    <aside className="ios-hint" aria-label="Install Haat">
      <p>
        Install Haat: tap <strong>Share</strong>, then <strong>Add to Home Screen</strong>.
      </p>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        onClick={() => {
          localStorage.setItem(DISMISSED_KEY, '1');
          setVisible(false);
        }}
      >
        Got it
      </button>
    </aside>
  );
}
