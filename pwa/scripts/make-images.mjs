// Renders the app icons (any + maskable), shortcut icons and the home banners from SVG drawings, so they
// stay in step. Run when the artwork changes: node pwa/scripts/make-images.mjs (outputs are committed; sharp is the API's).
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

const out = new URL('../public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });
const GREEN = '#0b6e35';
const YELLOW = '#f8cb46';

// A market basket: the "haat" is a village market. Drawn in a 512 box; `pad` shrinks it into the maskable safe zone.
const basket = (pad) => {
  const s = (512 - 2 * pad) / 512;
  return `<g transform="translate(${pad} ${pad}) scale(${s})">
    <path d="M150 210 C150 120 362 120 362 210" fill="none" stroke="${YELLOW}" stroke-width="30" stroke-linecap="round"/>
    <path d="M96 212 H416 L380 398 Q374 420 352 420 H160 Q138 420 132 398 Z" fill="${YELLOW}"/>
    <path d="M176 250 V380 M256 250 V380 M336 250 V380" stroke="${GREEN}" stroke-width="22" stroke-linecap="round"/>
  </g>`;
};

const icon = (size, pad, round) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${round ? 96 : 0}" fill="${GREEN}"/>${basket(pad)}</svg>`;

const glyphs = {
  search: `<circle cx="220" cy="220" r="110" fill="none" stroke="${YELLOW}" stroke-width="40"/><path d="M300 300 L410 410" stroke="${YELLOW}" stroke-width="48" stroke-linecap="round"/>`,
  cart: basket(40),
  orders: `<rect x="130" y="90" width="252" height="332" rx="30" fill="${YELLOW}"/><path d="M180 170 H332 M180 250 H332 M180 330 H280" stroke="${GREEN}" stroke-width="28" stroke-linecap="round"/>`,
};

const png = (svg, size) => sharp(Buffer.from(svg)).resize(size, size).png({ compressionLevel: 9, palette: true }).toBuffer();

writeFileSync(new URL('icon-192.png', out), await png(icon(192, 40, true), 192));
writeFileSync(new URL('icon-512.png', out), await png(icon(512, 40, true), 512));
writeFileSync(new URL('maskable-512.png', out), await png(icon(512, 110, false), 512));
writeFileSync(new URL('apple-touch-icon.png', out), await png(icon(180, 60, false), 180));
for (const [name, glyph] of Object.entries(glyphs)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="96" fill="${GREEN}"/>${glyph}</svg>`;
  writeFileSync(new URL(`shortcut-${name}.png`, out), await png(svg, 96));
}
writeFileSync(new URL('../favicon.svg', out), icon(512, 40, true));

// Home carousel banners: artwork only; their words are HTML over the picture (readable, translatable, crawlable).
const banners = new URL('../public/banners/', import.meta.url);
mkdirSync(banners, { recursive: true });
const BANNERS = [
  { name: 'festive', from: '#7c2d12', to: '#ea580c', dot: '#fde68a' },
  { name: 'audio', from: '#1e3a8a', to: '#2563eb', dot: '#bfdbfe' },
  { name: 'style', from: '#831843', to: '#db2777', dot: '#fbcfe8' },
];
for (const [i, b] of BANNERS.entries()) {
  const circles = Array.from({ length: 9 }, (_, k) => {
    const x = 640 + ((k * 173 + i * 61) % 520);
    const y = 60 + ((k * 97 + i * 43) % 300);
    return `<circle cx="${x}" cy="${y}" r="${18 + ((k * 13) % 40)}" fill="${b.dot}" opacity="${0.25 + (k % 4) * 0.15}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.from}"/><stop offset="1" stop-color="${b.to}"/></linearGradient></defs>
  <rect width="1200" height="400" fill="url(#g)"/>${circles}
  <path d="M760 330 Q900 200 1040 330 Z" fill="${b.dot}" opacity="0.5"/></svg>`;
  for (const width of [600, 1200]) {
    const file = new URL(`${b.name}-${width}.webp`, banners);
    writeFileSync(
      file,
      await sharp(Buffer.from(svg))
        .resize(width, width / 3)
        .webp({ quality: 70 })
        .toBuffer(),
    );
  }
}
console.log('icons and banners written under', new URL('../public/', import.meta.url).pathname);
