/** The basket mark (same drawing as the app icons, pwa/scripts/make-icons.mjs). */
export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 512 512" width="40" height="40" aria-hidden="true">
      <rect width="512" height="512" rx="110" fill="#0b6e35" />
      <path d="M150 210 C150 120 362 120 362 210" fill="none" stroke="#f8cb46" strokeWidth="30" strokeLinecap="round" />
      <path d="M96 212 H416 L380 398 Q374 420 352 420 H160 Q138 420 132 398 Z" fill="#f8cb46" />
      <path d="M176 250 V380 M256 250 V380 M336 250 V380" stroke="#0b6e35" strokeWidth="22" strokeLinecap="round" />
    </svg>
  );
}
