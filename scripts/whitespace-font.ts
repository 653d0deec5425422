// Builds public/fonts/ga-whitespace.otf: the few signs the demos use to show invisible characters
// (LF, CR, tab, NUL, a visible space), drawn here from rectangles so that they never depend on the
// reader's installed fonts (many Linux systems have no glyph for U+240A or U+240D and show a box).
// The font file is committed; run `npm run font:whitespace` after changing a glyph.
// Glyphs are as wide as a monospaced cell (0.6 em), so a sign takes one column in a code box.

import opentype from 'opentype.js';
import { writeFileSync } from 'node:fs';

const EM = 1000;
const ADVANCE = 602; // DejaVu Sans Mono and most code fonts: 1233/2048 em
const STROKE = 66;

type Box = [x: number, y: number, w: number, h: number];
type Shape = { boxes?: Box[]; polygons?: [number, number][][] };

/** A letter on a `w` × `h` grid, built from rectangles (and one diagonal where it needs one). */
function letter(name: string, w: number, h: number): Shape {
  const s = STROKE;
  const mid = (h - s) / 2;
  switch (name) {
    case 'L':
      return {
        boxes: [
          [0, 0, s, h],
          [0, 0, w, s],
        ],
      };
    case 'F':
      return {
        boxes: [
          [0, 0, s, h],
          [0, h - s, w, s],
          [0, mid, w * 0.8, s],
        ],
      };
    case 'C':
      return {
        boxes: [
          [0, 0, s, h],
          [0, h - s, w, s],
          [0, 0, w, s],
        ],
      };
    case 'R':
      return {
        boxes: [
          [0, 0, s, h],
          [0, h - s, w, s],
          [0, mid, w, s],
          [w - s, mid, s, h - mid],
        ],
        polygons: [
          [
            [w * 0.3, mid],
            [w * 0.3 + s * 1.3, mid],
            [w, 0],
            [w - s * 1.3, 0],
          ],
        ],
      };
    case 'H':
      return {
        boxes: [
          [0, 0, s, h],
          [w - s, 0, s, h],
          [0, mid, w, s],
        ],
      };
    case 'T':
      return {
        boxes: [
          [0, h - s, w, s],
          [(w - s) / 2, 0, s, h],
        ],
      };
    case 'N':
      return {
        boxes: [
          [0, 0, s, h],
          [w - s, 0, s, h],
        ],
        polygons: [
          [
            [0, h],
            [s * 1.2, h],
            [w, 0],
            [w - s * 1.2, 0],
          ],
        ],
      };
    case 'U':
      return {
        boxes: [
          [0, 0, s, h],
          [w - s, 0, s, h],
          [0, 0, w, s],
        ],
      };
    default:
      throw new Error(`no letter ${name}`);
  }
}

/** Adds a shape to a path, moved by (dx, dy); every contour is drawn counter-clockwise, so overlaps fill. */
function draw(path: opentype.Path, shape: Shape, dx: number, dy: number): void {
  for (const [x, y, w, h] of shape.boxes ?? []) {
    path.moveTo(dx + x, dy + y);
    path.lineTo(dx + x + w, dy + y);
    path.lineTo(dx + x + w, dy + y + h);
    path.lineTo(dx + x, dy + y + h);
    path.close();
  }
  for (const polygon of shape.polygons ?? []) {
    const [first, ...rest] = polygon;
    path.moveTo(dx + first![0], dy + first![1]);
    for (const [x, y] of rest) path.lineTo(dx + x, dy + y);
    path.close();
  }
}

/** A control picture: its letters small and stepping down from the top left, as Unicode shows them. */
function picture(name: string, unicode: number, letters: string): opentype.Glyph {
  const path = new opentype.Path();
  const n = letters.length;
  const w = n === 2 ? 250 : 176;
  const h = n === 2 ? 440 : 320;
  const stepX = (ADVANCE - 40 - w) / (n - 1);
  const top = 790;
  const stepY = (top - h) / (n - 1);
  [...letters].forEach((char, i) => draw(path, letter(char, w, h), 20 + i * stepX, top - h - i * stepY));
  return new opentype.Glyph({ name, unicode, advanceWidth: ADVANCE, path });
}

/** U+2423 OPEN BOX, the usual sign for a space: a shallow bracket on the baseline. */
function openBox(): opentype.Glyph {
  const path = new opentype.Path();
  const s = STROKE;
  draw(
    path,
    {
      boxes: [
        [70, -40, ADVANCE - 140, s],
        [70, -40, s, 220],
        [ADVANCE - 70 - s, -40, s, 220],
      ],
    },
    0,
    0,
  );
  return new opentype.Glyph({ name: 'uni2423', unicode: 0x2423, advanceWidth: ADVANCE, path });
}

const glyphs = [
  new opentype.Glyph({ name: '.notdef', advanceWidth: ADVANCE, path: new opentype.Path() }),
  picture('uni240A', 0x240a, 'LF'),
  picture('uni240D', 0x240d, 'CR'),
  picture('uni2409', 0x2409, 'HT'),
  picture('uni2400', 0x2400, 'NUL'),
  openBox(),
];

const font = new opentype.Font({
  familyName: 'GA Whitespace',
  styleName: 'Regular',
  unitsPerEm: EM,
  ascender: 800,
  descender: -200,
  designer: 'Guitar Alchemist course',
  glyphs,
});

const out = new URL('../public/fonts/ga-whitespace.otf', import.meta.url);
writeFileSync(out, Buffer.from(font.toArrayBuffer()));
console.log(`wrote ${out.pathname}: ${glyphs.length - 1} glyphs`);
