import { minifySync, type Plugin } from 'vite';

/**
 * index.html's inline scripts (the first paint's language, the early data request, the static shell's pictures) are
 * written to be read, with comments; the bundler minifies only the modules it builds. This minifies each inline
 * classic script of the built page (top-level names kept: the shell's scripts share them) and drops HTML comments,
 * so the bytes every first visit and the precache carry are code alone. The API's CSP hashes the scripts of the
 * HTML it serves (api/src/security-headers/inline-script-hashes.ts), so they follow.
 */
export function minifyInlineScripts(): Plugin {
  return {
    name: 'haat:minify-inline-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(/<script>([\s\S]*?)<\/script>/g, (_, code: string) => {
            const out = minifySync('index.html.js', code, { compress: true, mangle: { toplevel: false } });
            if (out.errors.length > 0) throw new Error(`index.html's inline script does not minify: ${out.errors.map((e) => e.message).join('; ')}`);
            return `<script>${out.code.trim()}</script>`;
          })
          .replace(/<!--[\s\S]*?-->/g, ''),
    },
  };
}
