/** The longest the app waits for the static shell's first picture (a slow or failed download). */
const LONGEST_WAIT_MS = 2500;

const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** The static shell's pictures that are on screen (the banner on /, #boot-first's on other pages). */
const shellPictures = () => Array.from(document.querySelectorAll<HTMLImageElement>('#root img')).filter((img) => img.getClientRects().length > 0);

/** Resolves once the static shell's largest picture has painted, or after 2.5 s (docs/decisions/0054-storefront-frame-and-first-paint.md). */
export function afterFirstPicture(): Promise<void> {
  const decoded = Promise.resolve(window.__haatEarly?.response)
    .catch(() => undefined)
    .then(() => Promise.all(shellPictures().map((img) => img.decode().catch(() => undefined))))
    .then(painted);
  return Promise.race([decoded, new Promise<void>((resolve) => setTimeout(resolve, LONGEST_WAIT_MS))]);
}
