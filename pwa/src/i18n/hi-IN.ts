import type { Resource } from 'i18next';

/** Every Hindi namespace, as one lazy chunk (i18n.ts loads it when Hindi is chosen or detected). */
const files = import.meta.glob<Resource[string]>(['./hi-IN/*.json', '!./hi-IN/manifest.json'], { eager: true, import: 'default' });

export const texts: Record<string, Resource[string]> = Object.fromEntries(
  Object.entries(files).map(([path, bundle]) => [path.replace(/^.*\/([^/]+)\.json$/, '$1'), bundle]),
);
