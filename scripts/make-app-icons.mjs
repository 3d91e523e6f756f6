// Draws the web app manifest's icons from the favicon's shapes (apps/web/public/favicon.svg):
// `node scripts/make-app-icons.mjs`. The PNGs are committed; run it again only when the logo
// changes. sharp (a server dependency) renders the SVG.
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../apps/web/public');
const play = (size, scale) => {
  // The favicon's triangle, centred, drawn at `scale` of the icon's width.
  const s = (size * scale) / 13;
  const x = size / 2 - 4.5 * s;
  const y = size / 2 - 6.5 * s;
  return `<path transform="translate(${x} ${y}) scale(${s})" d="M0 0v13l10-6.5z" fill="#fff"/>`;
};
const icons = [
  // "any": the favicon's rounded square.
  ...[192, 512].map((size) => ({
    file: `icon-${size}.png`,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${size / 4}" fill="#e11d48"/>${play(size, 0.41)}</svg>`,
  })),
  // "maskable": full bleed, the mark inside the central safe circle (40% radius).
  {
    file: 'icon-maskable-512.png',
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" fill="#e11d48"/>${play(512, 0.32)}</svg>`,
  },
];
for (const icon of icons) {
  await sharp(Buffer.from(icon.svg))
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, icon.file));
  console.log(`wrote ${icon.file}`);
}
