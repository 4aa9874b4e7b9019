import type { Texts } from './i18n';

/** Every Hindi namespace, as one lazy chunk (i18n.ts loads it when Hindi is chosen or detected). */
const files = import.meta.glob<Texts>(['./hi-IN/*.json', '!./hi-IN/manifest.json'], { eager: true, import: 'default' });

export const texts: Record<string, Texts> = Object.fromEntries(
  Object.entries(files).map(([path, bundle]) => [path.replace(/^.*\/([^/]+)\.json$/, '$1'), bundle]),
);
