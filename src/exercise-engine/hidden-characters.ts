// Strings in code notation with every character that is not what it looks like written as an
// escape: a no-break space, U+202F or U+2028 look like a space or a line break, U+200B or the BOM
// like nothing, and two values that differ only there would look the same. values.ts quotes
// strings with `quote`; the workbench finds the escapes again with `codeParts` and names each one
// (a combining accent is escaped too: `e\u{301}` and `é` look the same, and are not the same string)
// (src/workbench/feedback-render.ts). No imports: the page's bundle carries this file as it is.

/**
 * The characters shown as an escape, by Unicode's own properties (UAX #44, "Unicode Character
 * Database", https://www.unicode.org/reports/tr44/; the lists: PropList.txt for White_Space,
 * DerivedCoreProperties.txt for Default_Ignorable_Code_Point, the general categories in
 * UnicodeData.txt):
 * - White_Space: tab, VT, FF, NEL, the spaces other than U+0020, the line and paragraph separators;
 * - Default_Ignorable_Code_Point: zero-width characters, the BOM, variation selectors, fillers;
 * - Cc, control characters; Cf, format characters (bidirectional controls, soft hyphen…);
 * - Cs: half of a surrogate pair on its own (a `u` expression takes a lone surrogate as one
 *   code point; a pair is one character and is not matched);
 * - the combining marks of the blocks that put accents on Latin, Greek and Cyrillic letters
 *   (Combining Diacritical Marks U+0300–U+036F and its Extended and Supplement blocks, those for
 *   symbols, the half marks; Blocks.txt): `e` followed by U+0301 looks like `é` (U+00E9), and NFC
 *   would make it one. The marks other scripts write their vowels with stay themselves, or text in
 *   those scripts could not be read.
 * The space U+0020 stays itself; CR and LF are escaped as `\r` and `\n`, tab as `\t`.
 */
const COMBINING = String.raw`\u0300-\u036F\u1AB0-\u1AFF\u1DC0-\u1DFF\u20D0-\u20FF\uFE20-\uFE2F`;
const HIDDEN_CLASS = String.raw`[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Cs}${COMBINING}]`;
const HIDDEN = new RegExp(String.raw`^(?! )${HIDDEN_CLASS}$`, 'u');

/** What `quote` escapes: a backslash, a double quote, or a hidden character. */
const ESCAPED = new RegExp(String.raw`[\\"]|(?! )${HIDDEN_CLASS}`, 'gu');

const SHORT: Readonly<Record<string, string>> = { '\\': '\\\\', '"': '\\"', '\r': '\\r', '\n': '\\n', '\t': '\\t' };

/** `U+202F`: a code point as Unicode writes it, at least four hexadecimal digits. */
export const codePointName = (codePoint: number): string =>
  'U+' + codePoint.toString(16).toUpperCase().padStart(4, '0');

/** `\u{202F}`: a code point as an escape of JavaScript, its digits as in `codePointName`. */
const braceEscape = (codePoint: number): string => `\\u{${codePointName(codePoint).slice(2)}}`;

/** Whether a character (one code point, or a lone surrogate) is one `quote` escapes, the space aside. */
const isHidden = (character: string): boolean => HIDDEN.test(character);

/**
 * A string in double quotes, as a JavaScript literal that gives it back: `\\`, `\"`, `\r`, `\n`, `\t`,
 * and every other hidden character as `\u{XXXX}`; the rest as it is.
 *
 * @example
 * ```ts
 * quote('a\u202Fb\tc\r\n'); // '"a\\u{202F}b\\tc\\r\\n"'
 * ```
 */
export function quote(text: string): string {
  return '"' + text.replace(ESCAPED, (c) => SHORT[c] ?? braceEscape(c.codePointAt(0)!)) + '"';
}

/** What kind of hidden character a code point is, for its name in the page. */
type HiddenKind = 'tab' | 'space' | 'control' | 'invisible' | 'surrogate' | 'combining';

const WHITE_SPACE = /^\p{White_Space}$/u;
const SURROGATE = /^\p{Cs}$/u;
const CONTROL = /^\p{Cc}$/u;
const COMBINING_MARK = new RegExp(`^[${COMBINING}]$`, 'u');

/**
 * A hidden code point's kind: tab, other whitespace, a control, half a surrogate pair, a combining
 * accent, or else invisible.
 */
function hiddenKind(codePoint: number): HiddenKind {
  if (codePoint === 9) return 'tab';
  const c = String.fromCodePoint(codePoint);
  if (WHITE_SPACE.test(c)) return 'space';
  if (SURROGATE.test(c)) return 'surrogate';
  if (CONTROL.test(c)) return 'control';
  if (COMBINING_MARK.test(c) && !/^\p{Default_Ignorable_Code_Point}$/u.test(c)) return 'combining';
  return 'invisible';
}

/** A run of code notation: plain text, or the escape of one hidden character. */
type CodePart = { text: string } | { escape: string; codePoint: number; kind: HiddenKind };

/** Escapes and plain runs, in order: a backslash escape is read whole, so `\\u{202F}` is no escape of U+202F. */
const CODE_TOKEN = /\\u\{([0-9A-Fa-f]{1,6})\}|\\t|\\[\s\S]|[^\\]+|\\/gu;

/**
 * Code notation cut into plain runs and the escapes `quote` writes for hidden characters (`\t`,
 * `\u{XXXX}` of a hidden code point); `\r`, `\n` and the rest stay in the plain runs.
 */
export function codeParts(text: string): CodePart[] {
  const parts: CodePart[] = [];
  let plain = '';
  for (const match of text.matchAll(CODE_TOKEN)) {
    const token = match[0];
    const codePoint = token === '\\t' ? 9 : match[1] === undefined ? null : Number.parseInt(match[1], 16);
    if (codePoint === null || codePoint > 0x10ffff || !isHidden(String.fromCodePoint(codePoint))) {
      plain += token;
      continue;
    }
    if (plain !== '') parts.push({ text: plain });
    plain = '';
    parts.push({ escape: token, codePoint, kind: hiddenKind(codePoint) });
  }
  if (plain !== '') parts.push({ text: plain });
  return parts;
}
