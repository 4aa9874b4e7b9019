import type { Plugin } from 'vite';

/**
 * index.html paints a static shell (header, and the hero and banner on /) from HTML and CSS alone; the
 * app's script is not needed for that first paint. Marking the entry script and its modulepreloads
 * fetchpriority="low" lets the browser give the stylesheet and the banner picture the first bytes on a
 * slow connection; the script still starts downloading at once and runs as soon as it arrives.
 */
export function appScriptPriority(): Plugin {
  return {
    name: 'haat:app-script-priority',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(/<script type="module" crossorigin src=/g, '<script type="module" crossorigin fetchpriority="low" src=')
          .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" crossorigin fetchpriority="low" href='),
    },
  };
}
