/**
 * The demo catalogue's pictures, drawn as SVG in code: one recognisable object per kind of product
 * (a book cover carrying its title, earbuds in their case, a watch face, a t-shirt, a snack pack…),
 * in the product's colour and carrying its brand. No fonts beyond the system's, no network.
 */
export type PictureKind =
  | 'book'
  | 'earbuds'
  | 'neckband'
  | 'board-game'
  | 'robot'
  | 'car'
  | 'teddy'
  | 'blocks'
  | 'tshirt'
  | 'polo'
  | 'graphic-tee'
  | 'kurta'
  | 'shirt'
  | 'dress'
  | 'smart-watch'
  | 'analog-watch'
  | 'premium-watch'
  | 'chips'
  | 'biscuits'
  | 'dry-fruits'
  | 'pressure-cooker'
  | 'kadai'
  | 'tawa'
  | 'frying-pan'
  | 'bottle'
  | 'flask'
  | 'lunch-box'
  | 'containers'
  | 'tube'
  | 'jar'
  | 'pump'
  | 'shampoo'
  | 'notebook'
  | 'bound-notebook'
  | 'pens'
  | 'pencils'
  | 'headphones'
  | 'rings'
  | 'rusk'
  | 'saree'
  | 'nehru-jacket'
  | 'lehenga'
  | 'trousers'
  | 'jeans'
  | 'palazzo'
  | 'jacket'
  | 'shorts-set';

/** A colour the product comes in: its name (for the product's name) and its hue, saturation, lightness. */
export interface PictureColour {
  name: string;
  h: number;
  s: number;
  l: number;
}

export const PICTURE_COLOURS: PictureColour[] = [
  { name: 'Red', h: 2, s: 70, l: 50 },
  { name: 'Blue', h: 215, s: 70, l: 48 },
  { name: 'Green', h: 145, s: 55, l: 38 },
  { name: 'Black', h: 220, s: 8, l: 16 },
  { name: 'Yellow', h: 44, s: 90, l: 55 },
  { name: 'Purple', h: 268, s: 50, l: 50 },
  { name: 'Teal', h: 182, s: 62, l: 36 },
  { name: 'Orange', h: 24, s: 88, l: 55 },
  { name: 'Pink', h: 332, s: 70, l: 62 },
  { name: 'Navy', h: 222, s: 55, l: 26 },
  { name: 'Maroon', h: 346, s: 60, l: 30 },
  { name: 'White', h: 40, s: 18, l: 93 },
];

export interface PictureSpec {
  kind: PictureKind;
  colour: PictureColour;
  /** The brand, printed on the object. */
  brand: string;
  /** The product's own words (a book's title, a snack's flavour), printed where the object has room. */
  title: string;
  /** 0 the front; 1 a close-up; 2 turned, on another backdrop; 3 beside its box. */
  view: number;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const FONT = `font-family="DejaVu Sans, Liberation Sans, sans-serif"`;

/** Breaks words into lines of at most `width` characters (a word longer than that stands alone). */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, maxLines);
}

function text(x: number, y: number, size: number, fill: string, value: string, extra = ''): string {
  return `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}" text-anchor="middle" font-weight="bold" ${FONT} ${extra}>${esc(value)}</text>`;
}

function lines(x: number, y: number, size: number, fill: string, value: string, width: number, maxLines: number): string {
  return wrap(value, width, maxLines)
    .map((line, i) => text(x, y + i * size * 1.15, size, fill, line))
    .join('');
}

interface Paint {
  c: string;
  dark: string;
  light: string;
  ink: string;
}

function paint({ h, s, l }: PictureColour): Paint {
  const at = (dl: number) => `hsl(${h},${s}%,${Math.max(4, Math.min(97, l + dl))}%)`;
  return { c: at(0), dark: at(-14), light: at(l > 80 ? -8 : 22), ink: l > 62 ? '#222' : '#fff' };
}

type Drawer = (p: Paint, brand: string, title: string) => string;

const strapWatch = (face: string): string => `<rect x="330" y="90" width="140" height="620" rx="40" fill="STRAP"/>${face}`;

const DRAWERS: Record<PictureKind, Drawer> = {
  book: (p, brand, title) => `
    <rect x="236" y="128" width="350" height="490" rx="6" fill="#000" opacity=".18"/>
    <rect x="580" y="132" width="16" height="474" fill="#f2ede2"/>
    <rect x="226" y="116" width="356" height="494" rx="6" fill="${p.c}"/>
    <rect x="226" y="116" width="30" height="494" fill="${p.dark}"/>
    <rect x="280" y="150" width="276" height="6" fill="${p.ink}" opacity=".6"/>
    ${lines(418, 240, 44, p.ink, title, 11, 3)}
    <circle cx="418" cy="440" r="52" fill="${p.light}" opacity=".85"/>
    <path d="M390 452 l28 -40 l28 40 z" fill="${p.dark}"/>
    <rect x="280" y="530" width="276" height="4" fill="${p.ink}" opacity=".6"/>
    ${text(418, 580, 28, p.ink, brand)}`,
  earbuds: (p, brand) => `
    <ellipse cx="400" cy="640" rx="200" ry="24" fill="#000" opacity=".12"/>
    <rect x="240" y="390" width="320" height="230" rx="110" fill="${p.c}"/>
    <path d="M240 470 h320" stroke="${p.dark}" stroke-width="6"/>
    <circle cx="400" cy="590" r="7" fill="#7CFC9A"/>
    ${text(400, 545, 34, p.ink, brand)}
    <g><rect x="293" y="250" width="34" height="120" rx="17" fill="${p.light}"/><circle cx="310" cy="240" r="58" fill="${p.light}"/><circle cx="336" cy="236" r="24" fill="#333"/></g>
    <g><rect x="473" y="250" width="34" height="120" rx="17" fill="${p.light}"/><circle cx="490" cy="240" r="58" fill="${p.light}"/><circle cx="464" cy="236" r="24" fill="#333"/></g>`,
  neckband: (p, brand) => `
    <path d="M230 220 C 200 640, 600 640, 570 220" fill="none" stroke="${p.c}" stroke-width="44" stroke-linecap="round"/>
    <rect x="200" y="200" width="60" height="130" rx="28" fill="${p.dark}"/>
    <rect x="540" y="200" width="60" height="130" rx="28" fill="${p.dark}"/>
    <path d="M230 200 C 230 140, 170 150, 170 110" fill="none" stroke="#333" stroke-width="8"/>
    <path d="M570 200 C 570 140, 630 150, 630 110" fill="none" stroke="#333" stroke-width="8"/>
    <circle cx="170" cy="100" r="34" fill="${p.light}"/><circle cx="630" cy="100" r="34" fill="${p.light}"/>
    ${text(400, 680, 34, '#333', brand)}`,
  'board-game': (p, brand, title) => {
    const cells = Array.from(
      { length: 16 },
      (_, i) =>
        `<rect x="${262 + (i % 4) * 70}" y="${300 + Math.floor(i / 4) * 70}" width="70" height="70" fill="${(i + Math.floor(i / 4)) % 2 ? p.light : '#fff'}"/>`,
    ).join('');
    return `
    <rect x="160" y="160" width="480" height="500" rx="14" fill="${p.c}"/>
    ${lines(400, 230, 40, p.ink, title, 18, 1)}
    ${text(400, 272, 24, p.ink, brand)}
    ${cells}
    <circle cx="297" cy="335" r="22" fill="#e63946"/><circle cx="507" cy="545" r="22" fill="#1d4ed8"/>
    <rect x="440" y="600" width="56" height="56" rx="10" fill="#fff" stroke="#333" stroke-width="4"/><circle cx="468" cy="628" r="7" fill="#333"/>`;
  },
  robot: (p, brand) => `
    <rect x="380" y="100" width="40" height="50" fill="#888"/><circle cx="400" cy="96" r="16" fill="#e63946"/>
    <rect x="290" y="150" width="220" height="170" rx="30" fill="${p.light}"/>
    <circle cx="350" cy="230" r="28" fill="#fff"/><circle cx="450" cy="230" r="28" fill="#fff"/>
    <circle cx="350" cy="230" r="12" fill="#111"/><circle cx="450" cy="230" r="12" fill="#111"/>
    <rect x="260" y="330" width="280" height="230" rx="24" fill="${p.c}"/>
    <rect x="310" y="400" width="180" height="70" rx="10" fill="#fff" opacity=".9"/>
    ${text(400, 446, 26, '#222', brand)}
    <rect x="190" y="340" width="56" height="190" rx="26" fill="${p.dark}"/><rect x="554" y="340" width="56" height="190" rx="26" fill="${p.dark}"/>
    <rect x="300" y="560" width="70" height="130" rx="16" fill="${p.dark}"/><rect x="430" y="560" width="70" height="130" rx="16" fill="${p.dark}"/>`,
  car: (p, brand) => `
    <path d="M150 470 L200 380 Q220 350 260 350 L330 350 L390 270 Q405 250 430 250 L540 250 Q570 250 585 275 L630 350 L660 360 Q680 368 680 390 L680 470 Z" fill="${p.c}"/>
    <path d="M405 285 L440 280 L530 280 L570 345 L360 345 Z" fill="#cfe8f5"/>
    <rect x="140" y="460" width="550" height="40" rx="16" fill="${p.dark}"/>
    <circle cx="260" cy="500" r="62" fill="#222"/><circle cx="260" cy="500" r="28" fill="#bbb"/>
    <circle cx="570" cy="500" r="62" fill="#222"/><circle cx="570" cy="500" r="28" fill="#bbb"/>
    <rect x="640" y="392" width="34" height="22" rx="6" fill="#ffd166"/>
    ${text(450, 430, 30, p.ink, brand)}`,
  teddy: (p, brand) => `
    <circle cx="290" cy="180" r="60" fill="${p.c}"/><circle cx="510" cy="180" r="60" fill="${p.c}"/>
    <circle cx="290" cy="180" r="30" fill="${p.light}"/><circle cx="510" cy="180" r="30" fill="${p.light}"/>
    <ellipse cx="400" cy="520" rx="170" ry="180" fill="${p.c}"/>
    <ellipse cx="400" cy="540" rx="100" ry="110" fill="${p.light}"/>
    <circle cx="400" cy="280" r="140" fill="${p.c}"/>
    <ellipse cx="400" cy="320" rx="60" ry="46" fill="${p.light}"/><ellipse cx="400" cy="300" rx="20" ry="14" fill="#222"/>
    <circle cx="350" cy="250" r="14" fill="#222"/><circle cx="450" cy="250" r="14" fill="#222"/>
    <path d="M330 410 l70 30 l70 -30 l0 50 l-70 -30 l-70 30 z" fill="#e63946"/>
    ${text(400, 575, 28, '#333', brand)}`,
  blocks: (p, brand) => `
    <rect x="180" y="430" width="200" height="200" rx="12" fill="${p.c}"/><rect x="400" y="430" width="200" height="200" rx="12" fill="#f4b400"/>
    <rect x="290" y="220" width="200" height="200" rx="12" fill="#1d9bf0"/>
    ${text(280, 550, 90, p.ink, 'A')}${text(500, 550, 90, '#222', 'B')}${text(390, 340, 90, '#fff', 'C')}
    ${text(400, 700, 34, '#333', brand)}`,
  tshirt: (p, brand) => `${TEE(p)}<path d="M330 176 Q400 236 470 176" fill="none" stroke="${p.dark}" stroke-width="16"/>
    <rect x="440" y="290" width="60" height="30" rx="4" fill="${p.light}"/>${text(400, 480, 30, p.ink, brand, 'opacity=".8"')}`,
  polo: (p, brand) => `${TEE(p)}<path d="M330 176 L400 250 L470 176 L440 160 L400 200 L360 160 Z" fill="${p.dark}"/>
    <rect x="388" y="240" width="24" height="110" fill="${p.dark}"/><circle cx="400" cy="280" r="6" fill="#fff"/><circle cx="400" cy="320" r="6" fill="#fff"/>
    ${text(470, 300, 22, p.ink, brand)}`,
  'graphic-tee': (p, brand, title) => `${TEE(p)}<path d="M330 176 Q400 236 470 176" fill="none" stroke="${p.dark}" stroke-width="16"/>
    <circle cx="400" cy="420" r="120" fill="${p.light}"/>
    ${lines(400, 410, 36, p.ink === '#222' ? '#333' : p.dark, title.toUpperCase(), 10, 2)}${text(400, 600, 24, p.ink, brand)}`,
  kurta: (p, brand) => `
    <path d="M320 130 L230 170 L150 420 L215 440 L270 290 L250 700 L550 700 L530 290 L585 440 L650 420 L570 170 L480 130 Q400 170 320 130 Z" fill="${p.c}"/>
    <rect x="360" y="118" width="80" height="30" rx="6" fill="${p.dark}"/>
    <rect x="388" y="150" width="24" height="230" fill="${p.dark}"/>
    ${[190, 240, 290, 340].map((y) => `<circle cx="400" cy="${y}" r="7" fill="#f4c430"/>`).join('')}
    <path d="M250 660 h300" stroke="#f4c430" stroke-width="10" stroke-dasharray="18 10"/>
    ${text(400, 560, 28, p.ink, brand, 'opacity=".8"')}`,
  shirt: (p, brand) => `
    <path d="M320 140 L230 170 L150 560 L215 575 L280 300 L270 680 L530 680 L520 300 L585 575 L650 560 L570 170 L480 140 Q400 170 320 140 Z" fill="${p.c}"/>
    <path d="M320 140 L400 220 L480 140 L450 118 L400 170 L350 118 Z" fill="${p.light}"/>
    <rect x="394" y="200" width="12" height="480" fill="${p.dark}"/>
    ${[250, 320, 390, 460, 530, 600].map((y) => `<circle cx="400" cy="${y}" r="6" fill="#fff"/>`).join('')}
    <rect x="300" y="260" width="70" height="60" rx="6" fill="none" stroke="${p.dark}" stroke-width="5"/>
    ${text(470, 420, 24, p.ink, brand, 'opacity=".85"')}`,
  dress: (p, brand) => `
    <path d="M335 120 L300 150 L320 330 L200 680 L600 680 L480 330 L500 150 L465 120 Q400 190 335 120 Z" fill="${p.c}"/>
    <rect x="315" y="320" width="170" height="34" rx="8" fill="${p.dark}"/>
    <path d="M230 640 Q 270 610 310 640 T 390 640 T 470 640 T 550 640" fill="none" stroke="${p.light}" stroke-width="10"/>
    ${text(400, 500, 28, p.ink, brand, 'opacity=".85"')}`,
  'smart-watch': (p, brand) =>
    `${strapWatch(`
    <rect x="260" y="230" width="280" height="330" rx="60" fill="#1b1b1f"/>
    <rect x="282" y="252" width="236" height="286" rx="42" fill="#050507"/>
    <circle cx="400" cy="370" r="86" fill="none" stroke="${p.light}" stroke-width="14" stroke-dasharray="380 200" transform="rotate(-90 400 370)"/>
    ${text(400, 388, 46, '#fff', '10:09')}
    ${text(400, 500, 22, p.light, brand)}
    <rect x="540" y="320" width="16" height="60" rx="6" fill="#555"/>`).replace('STRAP', p.c)}`,
  'analog-watch': (p, brand) => ANALOG(p, brand, '#c0c4cc', '#fff'),
  'premium-watch': (p, brand) => ANALOG(p, brand, '#d4af37', p.dark),
  chips: (p, brand, title) => `
    <path d="M230 150 L570 150 L550 400 L570 650 L230 650 L250 400 Z" fill="${p.c}"/>
    <path d="M230 150 ${Array.from({ length: 17 }, (_, i) => `L${230 + i * 20 + 10} ${i % 2 ? 150 : 130}`).join(' ')} L570 150 Z" fill="${p.dark}"/>
    <path d="M230 650 ${Array.from({ length: 17 }, (_, i) => `L${230 + i * 20 + 10} ${i % 2 ? 650 : 670}`).join(' ')} L570 650 Z" fill="${p.dark}"/>
    ${text(400, 250, 38, p.ink, brand)}
    <ellipse cx="400" cy="430" rx="130" ry="90" fill="#fff" opacity=".9"/>
    <ellipse cx="360" cy="420" rx="48" ry="34" fill="#f2c14e"/><ellipse cx="430" cy="450" rx="50" ry="32" fill="#e9a93b"/><ellipse cx="420" cy="400" rx="40" ry="28" fill="#f5d06f"/>
    ${lines(400, 575, 32, p.ink, title, 16, 2)}`,
  biscuits: (p, brand, title) => `
    <rect x="140" y="250" width="520" height="300" rx="30" fill="${p.c}"/>
    <rect x="140" y="250" width="520" height="80" rx="30" fill="${p.dark}"/>
    ${text(400, 305, 44, '#fff', brand)}
    ${[230, 330, 430, 530].map((x) => `<circle cx="${x + 40}" cy="430" r="52" fill="#d49a4a"/><circle cx="${x + 40}" cy="430" r="40" fill="none" stroke="#b07a32" stroke-width="4" stroke-dasharray="6 8"/>`).join('')}
    ${lines(400, 530, 30, p.ink, title, 26, 1)}`,
  'dry-fruits': (p, brand, title) => `
    <rect x="270" y="130" width="260" height="80" rx="14" fill="${p.c}"/>
    <rect x="240" y="200" width="320" height="440" rx="50" fill="#e9f3f7" stroke="#b8cbd3" stroke-width="6"/>
    ${Array.from({ length: 18 }, (_, i) => `<ellipse cx="${290 + (i % 6) * 44}" cy="${440 + Math.floor(i / 6) * 56}" rx="24" ry="16" fill="${i % 3 ? '#b5803f' : '#d8a45f'}" transform="rotate(${((i * 37) % 90) - 45} ${290 + (i % 6) * 44} ${440 + Math.floor(i / 6) * 56})"/>`).join('')}
    <rect x="260" y="270" width="280" height="130" rx="10" fill="${p.c}"/>
    ${text(400, 325, 34, p.ink, brand)}${lines(400, 370, 26, p.ink, title, 18, 1)}`,
  'pressure-cooker': (p, brand) => `
    <rect x="220" y="300" width="360" height="320" rx="40" fill="#c9ced6"/>
    <rect x="220" y="300" width="360" height="40" fill="#aeb4bd"/>
    <ellipse cx="400" cy="290" rx="190" ry="40" fill="#dfe3e8"/>
    <rect x="380" y="200" width="40" height="70" rx="8" fill="#333"/>
    <rect x="560" y="266" width="190" height="40" rx="18" fill="${p.c}"/>
    <rect x="70" y="330" width="150" height="36" rx="16" fill="${p.c}"/>
    <rect x="280" y="420" width="240" height="90" rx="12" fill="${p.c}"/>
    ${text(400, 478, 34, p.ink, brand)}`,
  bottle: (p, brand) => `
    <rect x="345" y="90" width="110" height="80" rx="16" fill="${p.dark}"/>
    <rect x="360" y="160" width="80" height="40" fill="#999"/>
    <rect x="290" y="200" width="220" height="480" rx="70" fill="${p.c}"/>
    <rect x="290" y="360" width="220" height="140" fill="${p.light}"/>
    <rect x="320" y="230" width="24" height="400" rx="12" fill="#fff" opacity=".25"/>
    ${text(400, 445, 34, '#222', brand)}`,
  tube: (p, brand, title) => `
    <path d="M280 130 L520 130 L490 560 L310 560 Z" fill="${p.c}"/>
    <rect x="270" y="110" width="260" height="30" rx="6" fill="${p.dark}"/>
    <rect x="340" y="560" width="120" height="110" rx="14" fill="${p.dark}"/>
    ${text(400, 280, 38, p.ink, brand)}${lines(400, 350, 28, p.ink, title, 12, 2)}
    <path d="M330 450 q70 -50 140 0" fill="none" stroke="${p.light}" stroke-width="10"/>`,
  shampoo: (p, brand, title) => `
    <rect x="380" y="90" width="40" height="90" fill="#444"/><rect x="380" y="90" width="110" height="26" rx="10" fill="#444"/>
    <rect x="340" y="170" width="120" height="60" rx="12" fill="#333"/>
    <rect x="260" y="220" width="280" height="460" rx="60" fill="${p.c}"/>
    <rect x="290" y="330" width="220" height="220" rx="20" fill="#fff" opacity=".92"/>
    ${text(400, 410, 34, '#222', brand)}${lines(400, 460, 26, '#444', title, 14, 2)}`,
  notebook: (p, brand) => `
    <rect x="230" y="140" width="360" height="500" rx="16" fill="#000" opacity=".15"/>
    <rect x="220" y="130" width="360" height="500" rx="16" fill="${p.c}"/>
    ${Array.from({ length: 11 }, (_, i) => `<rect x="${240 + i * 31}" y="110" width="12" height="50" rx="6" fill="#888"/>`).join('')}
    <rect x="280" y="260" width="240" height="130" rx="10" fill="#fff"/>
    ${text(400, 312, 32, '#222', brand)}${text(400, 360, 22, '#555', 'NOTEBOOK')}
    <path d="M280 520 h240 M280 560 h240" stroke="${p.light}" stroke-width="6"/>`,
  'bound-notebook': (p, brand) => `
    <rect x="230" y="140" width="360" height="500" rx="10" fill="#000" opacity=".15"/>
    <rect x="220" y="130" width="360" height="500" rx="10" fill="${p.c}"/>
    <rect x="220" y="130" width="56" height="500" rx="10" fill="${p.dark}"/>
    <path d="M540 130 h40 v40 Z M540 630 h40 v-40 Z" fill="${p.dark}"/>
    <rect x="306" y="250" width="230" height="130" rx="10" fill="#fff"/>
    ${text(421, 302, 32, '#222', brand)}${text(421, 350, 22, '#555', 'NOTEBOOK')}
    <rect x="500" y="130" width="14" height="500" fill="${p.light}" opacity=".9"/>`,
  pens: (p, brand) => `
    <rect x="170" y="180" width="460" height="440" rx="24" fill="#fff" stroke="${p.dark}" stroke-width="6"/>
    <rect x="170" y="180" width="460" height="90" rx="24" fill="${p.c}"/>
    ${text(400, 240, 40, p.ink, brand)}
    ${[0, 1, 2].map((i) => `<g transform="translate(${300 + i * 100} 330)"><rect x="-18" y="0" width="36" height="230" rx="10" fill="${[p.c, '#1d4ed8', '#e63946'][i]}"/><path d="M-18 230 L0 270 L18 230 Z" fill="#e9d8b4"/><rect x="-22" y="-10" width="44" height="60" rx="10" fill="#333"/></g>`).join('')}`,
  kadai: (p, brand) => `
    <path d="M170 330 Q400 700 630 330 Z" fill="#3a3a40"/>
    <ellipse cx="400" cy="330" rx="230" ry="54" fill="#55555c"/>
    <ellipse cx="400" cy="336" rx="200" ry="40" fill="#26262a"/>
    <path d="M170 330 q-70 -10 -70 50 q0 50 70 40" fill="none" stroke="${p.c}" stroke-width="26" stroke-linecap="round"/>
    <path d="M630 330 q70 -10 70 50 q0 50 -70 40" fill="none" stroke="${p.c}" stroke-width="26" stroke-linecap="round"/>
    ${text(400, 440, 32, '#eee', brand)}`,
  tawa: (p, brand) => `
    <ellipse cx="360" cy="440" rx="250" ry="150" fill="#2c2c30"/>
    <ellipse cx="360" cy="425" rx="230" ry="132" fill="#45454b"/>
    <ellipse cx="330" cy="405" rx="120" ry="60" fill="#5a5a62" opacity=".6"/>
    <rect x="590" y="390" width="190" height="40" rx="18" fill="${p.c}" transform="rotate(-8 590 410)"/>
    ${text(360, 440, 32, '#ddd', brand)}`,
  'frying-pan': (p, brand) => `
    <rect x="560" y="370" width="210" height="44" rx="20" fill="${p.c}" transform="rotate(-18 560 390)"/>
    <circle cx="380" cy="430" r="220" fill="#2f2f34"/>
    <circle cx="380" cy="430" r="196" fill="#4a4a52"/>
    <circle cx="380" cy="430" r="170" fill="#3a3a40"/>
    <ellipse cx="330" cy="380" rx="70" ry="40" fill="#6a6a72" opacity=".5"/>
    ${text(380, 445, 34, '#ddd', brand)}`,
  flask: (p, brand) => `
    <rect x="335" y="100" width="130" height="90" rx="20" fill="${p.c}"/>
    <rect x="350" y="190" width="100" height="24" fill="#888"/>
    <rect x="320" y="214" width="160" height="480" rx="40" fill="#c9ced6"/>
    <rect x="320" y="214" width="160" height="40" rx="20" fill="#aeb4bd"/>
    <rect x="345" y="250" width="18" height="400" rx="9" fill="#fff" opacity=".45"/>
    <rect x="320" y="380" width="160" height="120" fill="${p.c}"/>
    ${text(400, 452, 28, p.ink, brand)}`,
  'lunch-box': (p, brand) => `
    ${[0, 1, 2].map((i) => `<rect x="220" y="${300 + i * 120}" width="360" height="110" rx="22" fill="${i === 1 ? p.c : '#c9ced6'}"/><rect x="220" y="${300 + i * 120}" width="360" height="22" rx="11" fill="${i === 1 ? p.dark : '#aeb4bd'}"/>`).join('')}
    <path d="M250 300 Q250 150 400 150 Q550 150 550 300" fill="none" stroke="${p.dark}" stroke-width="24"/>
    <rect x="200" y="290" width="400" height="24" rx="10" fill="${p.dark}"/>
    ${text(400, 485, 34, p.ink, brand)}`,
  containers: (p, brand) => `
    ${[
      [120, 430, 170, 200],
      [310, 360, 190, 270],
      [520, 300, 170, 330],
    ]
      .map(
        ([x, y, w, h]) =>
          `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="18" fill="#e6f1f5" stroke="#b8cbd3" stroke-width="6"/><rect x="${x! - 6}" y="${y! - 30}" width="${w! + 12}" height="40" rx="12" fill="${p.c}"/><rect x="${x! + 14}" y="${y! + h! * 0.45}" width="${w! - 28}" height="${h! * 0.5}" rx="8" fill="#e0a84a" opacity=".7"/>`,
      )
      .join('')}
    ${text(400, 720, 34, '#333', brand)}`,
  jar: (p, brand, title) => `
    <rect x="230" y="250" width="340" height="90" rx="20" fill="${p.c}"/>
    <rect x="240" y="330" width="320" height="300" rx="60" fill="#fff"/>
    <rect x="240" y="330" width="320" height="300" rx="60" fill="none" stroke="${p.dark}" stroke-width="6"/>
    ${text(400, 450, 36, '#222', brand)}${lines(400, 510, 28, p.dark, title, 16, 2)}`,
  pump: (p, brand, title) => `
    <rect x="380" y="90" width="130" height="24" rx="10" fill="#444"/><rect x="380" y="90" width="34" height="120" fill="#444"/>
    <rect x="350" y="200" width="100" height="50" rx="10" fill="#444"/>
    <rect x="280" y="240" width="240" height="450" rx="50" fill="${p.c}"/>
    <rect x="305" y="340" width="190" height="230" rx="16" fill="#fff" opacity=".92"/>
    ${text(400, 410, 30, '#222', brand)}${lines(400, 460, 24, '#444', title, 12, 2)}`,
  pencils: (p, brand) => `
    <rect x="170" y="180" width="460" height="440" rx="24" fill="#fff" stroke="${p.dark}" stroke-width="6"/>
    <rect x="170" y="180" width="460" height="90" rx="24" fill="${p.c}"/>
    ${text(400, 240, 40, p.ink, brand)}
    ${[0, 1, 2, 3, 4].map((i) => `<g transform="translate(${240 + i * 80} 300)"><rect x="-16" y="0" width="32" height="230" fill="${[p.c, '#e63946', '#1d9bf0', '#2a9d8f', '#f4b400'][i]}"/><path d="M-16 230 L0 280 L16 230 Z" fill="#e9c893"/><path d="M-5 266 L0 280 L5 266 Z" fill="#333"/><rect x="-16" y="0" width="32" height="16" fill="#ddd"/></g>`).join('')}`,
  headphones: (p, brand) => `
    <path d="M220 440 Q220 150 400 150 Q580 150 580 440" fill="none" stroke="${p.dark}" stroke-width="34"/>
    <rect x="160" y="400" width="130" height="220" rx="56" fill="${p.c}"/><rect x="270" y="430" width="40" height="160" rx="18" fill="#333"/>
    <rect x="510" y="400" width="130" height="220" rx="56" fill="${p.c}"/><rect x="490" y="430" width="40" height="160" rx="18" fill="#333"/>
    ${text(400, 700, 34, '#333', brand)}`,
  rings: (p, brand) => `
    <rect x="390" y="150" width="20" height="450" rx="10" fill="#c68b59"/>
    ${['#e63946', '#f4a261', '#f4d35e', '#2a9d8f', p.c].map((c, i) => `<ellipse cx="400" cy="${560 - i * 78}" rx="${190 - i * 28}" ry="44" fill="${c}"/>`).join('')}
    <circle cx="400" cy="150" r="30" fill="#e63946"/>
    <rect x="190" y="600" width="420" height="40" rx="12" fill="#c68b59"/>
    ${text(400, 710, 34, '#333', brand)}`,
  rusk: (p, brand, title) => `
    <rect x="140" y="250" width="520" height="300" rx="30" fill="${p.c}"/>
    <rect x="140" y="250" width="520" height="80" rx="30" fill="${p.dark}"/>
    ${text(400, 305, 44, '#fff', brand)}
    ${[0, 1, 2, 3, 4].map((i) => `<rect x="${200 + i * 84}" y="370" width="66" height="130" rx="12" fill="#c98a3e"/><rect x="${206 + i * 84}" y="376" width="54" height="118" rx="10" fill="#e2b06a"/>`).join('')}
    ${lines(400, 540, 30, p.ink, title, 26, 1)}`,
  saree: (p, brand) => `
    <rect x="170" y="330" width="460" height="300" rx="10" fill="${p.dark}"/>
    <rect x="150" y="260" width="500" height="290" rx="10" fill="${p.c}"/>
    <rect x="150" y="480" width="500" height="40" fill="#f4c430"/>
    <path d="M150 500 h500" stroke="${p.dark}" stroke-width="6" stroke-dasharray="12 12"/>
    <path d="M430 260 L650 260 L650 550 L560 550 Z" fill="${p.light}" opacity=".8"/>
    ${[0, 1, 2, 3, 4, 5].map((i) => `<circle cx="${220 + i * 60}" cy="${330 + (i % 2) * 60}" r="12" fill="#f4c430"/>`).join('')}
    ${text(330, 440, 30, p.ink, brand)}`,
  'nehru-jacket': (p, brand) => `
    <path d="M330 130 L250 170 L250 680 L550 680 L550 170 L470 130 L400 190 Z" fill="${p.c}"/>
    <rect x="340" y="118" width="120" height="30" rx="8" fill="${p.dark}"/>
    <path d="M400 190 L400 680" stroke="${p.dark}" stroke-width="8"/>
    ${[260, 340, 420, 500, 580].map((y) => `<circle cx="415" cy="${y}" r="9" fill="#f4c430"/>`).join('')}
    <rect x="290" y="300" width="70" height="10" fill="${p.dark}"/><rect x="290" y="480" width="80" height="10" fill="${p.dark}"/>
    ${text(480, 420, 22, p.ink, brand, 'opacity=".8"')}`,
  lehenga: (p, brand) => `
    <path d="M330 110 L300 140 L310 280 L490 280 L500 140 L470 110 Q400 160 330 110 Z" fill="${p.dark}"/>
    <path d="M320 320 L150 690 L650 690 L480 320 Z" fill="${p.c}"/>
    <rect x="310" y="300" width="180" height="30" rx="8" fill="#f4c430"/>
    <path d="M150 660 L650 660" stroke="#f4c430" stroke-width="18"/>
    ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<circle cx="${230 + i * 57}" cy="${560 + (i % 2) * 40}" r="11" fill="#f4c430"/>`).join('')}
    ${text(400, 470, 28, p.ink, brand, 'opacity=".85"')}`,
  trousers: (p, brand) => TROUSERS(p, brand, 0, false),
  jeans: (p, brand) => TROUSERS(p, brand, 0, true),
  palazzo: (p, brand) => TROUSERS(p, brand, 80, false),
  'shorts-set': (p, brand) => `
    <g transform="translate(400 80) scale(0.62) translate(-400 -160)">${TEE(p)}<path d="M330 176 Q400 236 470 176" fill="none" stroke="${p.dark}" stroke-width="16"/></g>
    ${text(400, 300, 26, p.ink, brand, 'opacity=".8"')}
    <rect x="285" y="430" width="230" height="34" rx="8" fill="${p.dark}"/>
    <path d="M285 464 L515 464 L548 690 L418 690 L400 560 L382 690 L252 690 Z" fill="${p.dark}"/>
    <path d="M400 464 L400 560" stroke="${p.light}" stroke-width="5"/>
    <path d="M300 447 h200" stroke="${p.light}" stroke-width="4" stroke-dasharray="12 8"/>`,
  jacket: (p, brand) => `
    <path d="M320 140 L220 180 L150 600 L225 615 L280 320 L280 690 L520 690 L520 320 L575 615 L650 600 L580 180 L480 140 L400 200 Z" fill="${p.c}"/>
    <path d="M320 140 L400 200 L480 140 L470 110 L330 110 Z" fill="${p.dark}"/>
    <rect x="395" y="200" width="10" height="490" fill="#ccc"/>
    <rect x="300" y="430" width="70" height="10" fill="${p.dark}"/><rect x="430" y="430" width="70" height="10" fill="${p.dark}"/>
    <rect x="150" y="590" width="75" height="26" fill="${p.dark}"/><rect x="575" y="590" width="75" height="26" fill="${p.dark}"/>
    <rect x="280" y="660" width="240" height="30" fill="${p.dark}"/>
    ${text(470, 300, 22, p.ink, brand, 'opacity=".85"')}`,
};

function TROUSERS(p: Paint, brand: string, flare: number, denim: boolean): string {
  const stitch = denim
    ? `<path d="M290 200 Q320 270 380 260 M510 200 Q480 270 420 260" fill="none" stroke="#f4b400" stroke-width="5" stroke-dasharray="10 6"/>`
    : '';
  return `
    <rect x="280" y="110" width="240" height="50" rx="6" fill="${p.dark}"/>
    <path d="M280 160 L520 160 L${560 + flare} 700 L${420 + flare / 3} 700 L400 320 L${380 - flare / 3} 700 L${240 - flare} 700 Z" fill="${p.c}"/>
    <path d="M400 160 L400 320" stroke="${p.dark}" stroke-width="6"/>
    ${stitch}
    ${[300, 360, 440, 500].map((x) => `<rect x="${x - 6}" y="108" width="12" height="54" fill="${p.dark}"/>`).join('')}
    ${text(400, 145, 24, p.ink, brand)}`;
}

function TEE(p: Paint): string {
  return `<path d="M320 160 L220 200 L130 320 L215 370 L265 320 L265 660 L535 660 L535 320 L585 370 L670 320 L580 200 L480 160 Q400 230 320 160 Z" fill="${p.c}"/>`;
}

function ANALOG(p: Paint, brand: string, metal: string, dial: string): string {
  const marks = Array.from(
    { length: 12 },
    (_, i) => `<rect x="396" y="252" width="8" height="${i % 3 ? 16 : 30}" fill="${dial === '#fff' ? '#333' : metal}" transform="rotate(${i * 30} 400 400)"/>`,
  ).join('');
  return `${strapWatch(`
    <circle cx="400" cy="400" r="178" fill="${metal}"/>
    <circle cx="400" cy="400" r="156" fill="${dial}"/>${marks}
    ${text(400, 350, 24, dial === '#fff' ? '#333' : metal, brand)}
    <rect x="394" y="300" width="12" height="110" rx="6" fill="${dial === '#fff' ? '#222' : metal}" transform="rotate(-60 400 400)"/>
    <rect x="396" y="270" width="8" height="140" rx="4" fill="${dial === '#fff' ? '#222' : metal}" transform="rotate(60 400 400)"/>
    <circle cx="400" cy="400" r="12" fill="${metal}"/>
    <rect x="578" y="385" width="26" height="30" rx="6" fill="${metal}"/>`).replace('STRAP', p.c)}`;
}

/** The SVG for one picture, 800×800. */
export function productPicture({ kind, colour, brand, title, view }: PictureSpec): string {
  const p = paint(colour);
  const object = DRAWERS[kind](p, brand, title);
  const bgHue = (colour.h + 40) % 360;
  // A white object needs a deeper backdrop to stand out from it.
  const light = colour.l > 80;
  const [top, bottom] =
    view === 2
      ? [`hsl(${bgHue},30%,28%)`, `hsl(${bgHue},35%,18%)`]
      : light
        ? [`hsl(${bgHue},30%,78%)`, `hsl(${bgHue},28%,64%)`]
        : [`hsl(${bgHue},45%,96%)`, `hsl(${bgHue},35%,86%)`];
  let body: string;
  if (view === 1) body = `<g transform="translate(400 400) scale(1.7) translate(-400 -400)">${object}</g>`;
  else if (view === 2) body = `<g transform="rotate(-12 400 400) translate(400 400) scale(0.85) translate(-400 -400)">${object}</g>`;
  else if (view === 3)
    body = `<g transform="translate(60 160) scale(0.6)">${object}</g>
      <rect x="440" y="220" width="300" height="400" rx="12" fill="${p.dark}"/><rect x="440" y="220" width="300" height="70" rx="12" fill="${p.c}"/>
      ${text(590, 270, 30, p.ink, brand)}${lines(590, 400, 30, '#fff', title, 14, 3)}`;
  else body = object;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  <ellipse cx="400" cy="735" rx="260" ry="22" fill="#000" opacity=".08"/>
  ${body}
</svg>`;
}
