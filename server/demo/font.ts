// A small proportional bitmap font drawn by hand, so the demo pages need no system fonts.
// Every glyph sits in an 11-row cell: rows 2-8 the cap height (baseline = row 8), rows 4-8 the x-height,
// rows 9-10 descenders; accents use rows 0-1 over capitals and rows 1-2 over lower case. Glyphs are 1-7
// columns wide.
// Accented letters are composed from a base glyph and an accent mark, so diacritics cost one line each.

export const CELL_ROWS = 11;
export const CAP_TOP = 2;
export const BASELINE = 8;
/** Columns of blank space between two glyphs of a word, and the width of a space. */
export const LETTER_GAP = 1;
export const SPACE_COLS = 3;

export interface Glyph {
  width: number;
  /** rows[r] is a bit mask over columns (bit c = column c), for r in 0..CELL_ROWS-1. */
  rows: number[];
  inkLeft: number;
  inkRight: number; // inclusive
  inkTop: number;
  inkBottom: number; // inclusive
  /** Horizontal runs of ink as [row, first column, length]: drawing fills runs, not single cells. */
  runs: [number, number, number][];
}

// [char, first row, rows separated by '|' ('#' = ink)]
const SHAPES: [string, number, string][] = [
  ['A', 2, '.###.|#...#|#...#|#####|#...#|#...#|#...#'],
  ['B', 2, '####.|#...#|#...#|####.|#...#|#...#|####.'],
  ['C', 2, '.###.|#...#|#....|#....|#....|#...#|.###.'],
  ['D', 2, '####.|#...#|#...#|#...#|#...#|#...#|####.'],
  ['E', 2, '#####|#....|#....|####.|#....|#....|#####'],
  ['F', 2, '#####|#....|#....|####.|#....|#....|#....'],
  ['G', 2, '.###.|#...#|#....|#.###|#...#|#...#|.####'],
  ['H', 2, '#...#|#...#|#...#|#####|#...#|#...#|#...#'],
  ['I', 2, '###|.#.|.#.|.#.|.#.|.#.|###'],
  ['J', 2, '..###|...#.|...#.|...#.|...#.|#..#.|.##..'],
  ['K', 2, '#...#|#..#.|#.#..|##...|#.#..|#..#.|#...#'],
  ['L', 2, '#....|#....|#....|#....|#....|#....|#####'],
  ['M', 2, '#...#|##.##|#.#.#|#.#.#|#...#|#...#|#...#'],
  ['N', 2, '#...#|#...#|##..#|#.#.#|#..##|#...#|#...#'],
  ['O', 2, '.###.|#...#|#...#|#...#|#...#|#...#|.###.'],
  ['P', 2, '####.|#...#|#...#|####.|#....|#....|#....'],
  ['Q', 2, '.###.|#...#|#...#|#...#|#.#.#|#..#.|.##.#'],
  ['R', 2, '####.|#...#|#...#|####.|#.#..|#..#.|#...#'],
  ['S', 2, '.####|#....|#....|.###.|....#|....#|####.'],
  ['T', 2, '#####|..#..|..#..|..#..|..#..|..#..|..#..'],
  ['U', 2, '#...#|#...#|#...#|#...#|#...#|#...#|.###.'],
  ['V', 2, '#...#|#...#|#...#|#...#|#...#|.#.#.|..#..'],
  ['W', 2, '#...#|#...#|#...#|#.#.#|#.#.#|#.#.#|.#.#.'],
  ['X', 2, '#...#|#...#|.#.#.|..#..|.#.#.|#...#|#...#'],
  ['Y', 2, '#...#|#...#|.#.#.|..#..|..#..|..#..|..#..'],
  ['Z', 2, '#####|....#|...#.|..#..|.#...|#....|#####'],
  ['a', 4, '.###.|....#|.####|#...#|.####'],
  ['b', 2, '#....|#....|#.##.|##..#|#...#|#...#|####.'],
  ['c', 4, '.###.|#....|#....|#...#|.###.'],
  ['d', 2, '....#|....#|.##.#|#..##|#...#|#...#|.####'],
  ['e', 4, '.###.|#...#|#####|#....|.###.'],
  ['f', 2, '..##|.#..|.#..|###.|.#..|.#..|.#..'],
  ['g', 4, '.####|#...#|#...#|#...#|.####|....#|.###.'],
  ['h', 2, '#....|#....|#.##.|##..#|#...#|#...#|#...#'],
  ['i', 2, '.#.|...|##.|.#.|.#.|.#.|###'],
  ['j', 2, '..#|...|.##|..#|..#|..#|..#|#.#|.#.'],
  ['k', 2, '#...|#...|#..#|#.#.|##..|#.#.|#..#'],
  ['l', 2, '##.|.#.|.#.|.#.|.#.|.#.|###'],
  ['m', 4, '##.#.|#.#.#|#.#.#|#...#|#...#'],
  ['n', 4, '#.##.|##..#|#...#|#...#|#...#'],
  ['o', 4, '.###.|#...#|#...#|#...#|.###.'],
  ['p', 4, '####.|#...#|#...#|####.|#....|#....|#....'],
  ['q', 4, '.####|#...#|#...#|.####|....#|....#|....#'],
  ['r', 4, '#.##.|##..#|#....|#....|#....'],
  ['s', 4, '.####|#....|.###.|....#|####.'],
  ['t', 2, '.#..|.#..|###.|.#..|.#..|.#.#|..#.'],
  ['u', 4, '#...#|#...#|#...#|#..##|.##.#'],
  ['v', 4, '#...#|#...#|#...#|.#.#.|..#..'],
  ['w', 4, '#...#|#...#|#.#.#|#.#.#|.#.#.'],
  ['x', 4, '#...#|.#.#.|..#..|.#.#.|#...#'],
  ['y', 4, '#...#|#...#|#...#|.####|....#|....#|.###.'],
  ['z', 4, '#####|...#.|..#..|.#...|#####'],
  ['ß', 2, '.##..|#..#.|#..#.|#.#..|#..#.|#...#|#.##.'],
  ['ı', 4, '##.|.#.|.#.|.#.|###'], // dotless i: base of î, ï
  ['0', 2, '.###.|#...#|#..##|#.#.#|##..#|#...#|.###.'],
  ['1', 2, '.#.|##.|.#.|.#.|.#.|.#.|###'],
  ['2', 2, '.###.|#...#|....#|...#.|..#..|.#...|#####'],
  ['3', 2, '#####|...#.|..#..|...#.|....#|#...#|.###.'],
  ['4', 2, '...#.|..##.|.#.#.|#..#.|#####|...#.|...#.'],
  ['5', 2, '#####|#....|####.|....#|....#|#...#|.###.'],
  ['6', 2, '..##.|.#...|#....|####.|#...#|#...#|.###.'],
  ['7', 2, '#####|....#|...#.|..#..|.#...|.#...|.#...'],
  ['8', 2, '.###.|#...#|#...#|.###.|#...#|#...#|.###.'],
  ['9', 2, '.###.|#...#|#...#|.####|....#|...#.|.##..'],
  ['.', 7, '##|##'],
  [',', 7, '##|##|.#|#.'],
  [';', 4, '##|##|..|##|##|.#|#.'],
  [':', 4, '##|##|..|##|##'],
  ['!', 2, '#|#|#|#|#|.|#'],
  ['?', 2, '.###.|#...#|....#|...#.|..#..|.....|..#..'],
  ['-', 6, '####'],
  ['—', 6, '#######'],
  ["'", 2, '#|#'],
  ['"', 2, '#.#|#.#'],
  ['(', 2, '.#|#.|#.|#.|#.|#.|.#'],
  [')', 2, '#.|.#|.#|.#|.#|.#|#.'],
  ['&', 2, '.##..|#..#.|#.#..|.#...|#.#.#|#..#.|.##.#'],
  ['$', 2, '..#..|.####|#.#..|.###.|..#.#|####.|..#..'],
  ['£', 2, '..##.|.#..#|.#...|###..|.#...|.#...|#####'],
  ['/', 2, '....#|...#.|...#.|..#..|.#...|.#...|#....'],
  ['%', 2, '##..#|##.#.|...#.|..#..|.#...|.#.##|#..##'],
];

// Accent marks, 5 columns wide, two rows; drawn in rows 1-2 over lower case and rows 0-1 over capitals.
const ACCENTS: Record<string, string> = {
  diaeresis: '.#.#.|.....',
  acute: '...#.|..#..',
  grave: '.#...|..#..',
  circumflex: '..#..|.#.#.',
  tilde: '.##.#|#.##.',
};

// [char, base, accent]; a cedilla hangs below the baseline instead.
const COMPOSED: [string, string, string][] = [
  ['ä', 'a', 'diaeresis'],
  ['ö', 'o', 'diaeresis'],
  ['ü', 'u', 'diaeresis'],
  ['ë', 'e', 'diaeresis'],
  ['ï', 'ı', 'diaeresis'],
  ['é', 'e', 'acute'],
  ['á', 'a', 'acute'],
  ['ó', 'o', 'acute'],
  ['è', 'e', 'grave'],
  ['à', 'a', 'grave'],
  ['ù', 'u', 'grave'],
  ['ê', 'e', 'circumflex'],
  ['â', 'a', 'circumflex'],
  ['ô', 'o', 'circumflex'],
  ['î', 'ı', 'circumflex'],
  ['û', 'u', 'circumflex'],
  ['ñ', 'n', 'tilde'],
  ['Ä', 'A', 'diaeresis'],
  ['Ö', 'O', 'diaeresis'],
  ['Ü', 'U', 'diaeresis'],
  ['É', 'E', 'acute'],
  ['È', 'E', 'grave'],
  ['À', 'A', 'grave'],
  ['Ê', 'E', 'circumflex'],
  ['Ô', 'O', 'circumflex'],
  ['Ñ', 'N', 'tilde'],
  ['Â', 'A', 'circumflex'],
  ['Î', 'I', 'circumflex'],
  ['Û', 'U', 'circumflex'],
  ['Ù', 'U', 'grave'],
  ['Ë', 'E', 'diaeresis'],
  ['Ï', 'I', 'diaeresis'],
  ['Á', 'A', 'acute'],
  ['Ó', 'O', 'acute'],
  ['í', 'ı', 'acute'],
  ['ú', 'u', 'acute'],
];

function finish(width: number, rows: number[]): Glyph {
  let inkLeft = width,
    inkRight = -1,
    inkTop = CELL_ROWS,
    inkBottom = -1;
  rows.forEach((mask, r) => {
    if (!mask) return;
    inkTop = Math.min(inkTop, r);
    inkBottom = Math.max(inkBottom, r);
    for (let c = 0; c < width; c++) {
      if (mask & (1 << c)) {
        inkLeft = Math.min(inkLeft, c);
        inkRight = Math.max(inkRight, c);
      }
    }
  });
  const runs: [number, number, number][] = [];
  rows.forEach((mask, r) => {
    for (let c = 0; c < width; c++) {
      if (!(mask & (1 << c))) continue;
      let len = 1;
      while (c + len < width && mask & (1 << (c + len))) len++;
      runs.push([r, c, len]);
      c += len;
    }
  });
  return { width, rows, inkLeft, inkRight, inkTop, inkBottom, runs };
}

function parse(first: number, art: string): { width: number; rows: number[] } {
  const lines = art.split('|');
  const width = lines[0].length;
  const rows = new Array<number>(CELL_ROWS).fill(0);
  lines.forEach((line, i) => {
    if (line.length !== width) throw new Error(`Glyph row '${line}' is not ${width} wide`);
    let mask = 0;
    for (let c = 0; c < width; c++) if (line[c] === '#') mask |= 1 << c;
    rows[first + i] = mask;
  });
  return { width, rows };
}

function build(): Map<string, Glyph> {
  const glyphs = new Map<string, Glyph>();
  for (const [ch, first, art] of SHAPES) {
    const { width, rows } = parse(first, art);
    glyphs.set(ch, finish(width, rows));
  }
  for (const [ch, baseCh, accent] of COMPOSED) {
    const base = glyphs.get(baseCh)!;
    const isCapital = baseCh === baseCh.toUpperCase() && baseCh !== 'ı';
    // Over lower case the mark sits one row clear of the letter (rows 1-2); capitals leave no room for a gap.
    const mark = parse(isCapital ? 0 : 1, ACCENTS[accent]);
    // Centre the 5-wide mark over narrower bases (the dotless i is 3 wide).
    const shift = Math.floor((base.width - mark.width) / 2);
    const rows = base.rows.map((m, r) => m | (shift >= 0 ? mark.rows[r] << shift : mark.rows[r] >> -shift));
    glyphs.set(ch, finish(base.width, rows));
  }
  const cedilla = (ch: string, baseCh: string) => {
    const base = glyphs.get(baseCh)!;
    const rows = [...base.rows];
    rows[9] |= 0b00100;
    rows[10] |= 0b00110;
    glyphs.set(ch, finish(base.width, rows));
  };
  cedilla('ç', 'c');
  cedilla('Ç', 'C');
  return glyphs;
}

export const GLYPHS = build();
const FALLBACK = GLYPHS.get('?')!;

export function glyphOf(ch: string): Glyph {
  return GLYPHS.get(ch) ?? FALLBACK;
}

/** True when every character of the text has a glyph of its own (no '?' fallback). */
export function canDraw(text: string): boolean {
  for (const ch of text) if (ch !== ' ' && !GLYPHS.has(ch)) return false;
  return true;
}
