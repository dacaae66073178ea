/**
 * How much Markdown one body may hold, checked on the text before any parser sees it, in one pass.
 *
 * The parser (micromark, under remark) and the tree walkers after it (to hast, sanitise, to HTML,
 * back to Markdown) recurse once per level of nesting and do some work once per construct over the
 * whole document: 2,000 `>` in a row overflow the stack, 3,000 `*` on each side of a word nest
 * 1,500 emphasis elements, 4,000 underlined headings cost a quadratic 20 s, a 5 MB body 45 s and
 * 2 GB. So every body is measured here, by the loader, for `npm run check` and the build alike, and
 * one over a limit is refused with its file, field (`body`) and line.
 *
 * Each measure is an upper bound of what the parser can make of the text, never an estimate: a
 * body within every limit cannot nest deeper or cost more than the limits say, whatever the
 * parser decides. (Bounds overcount on purpose, for instance indentation inside a fenced code
 * block counts as nesting; the limits sit far above what prose needs, so only hostile or broken
 * bodies reach them.) `test/adversarial-bodies.test.ts` builds a corpus of hostile bodies against
 * these numbers, in a process capped in time and memory.
 */
import { grouped } from '../../core/format.ts';

export const BODY_LIMITS = {
  /** UTF-8 bytes of one body: some 5,000 words, five times the longest guide page. */
  bytes: 32 * 1024,
  /** Quotes, lists and footnote definitions inside each other, counted on the line that opens them. */
  blockDepth: 32,
  /** Emphasis, strong and strikethrough inside each other within one paragraph. */
  inlineDepth: 32,
  /** Headings underlined with `===` or `---`: each one re-reads all the parser has seen before it. */
  underlinedHeadings: 200,
  /** Lines where a quote starts or deepens right below a line of the same paragraph with fewer `>`:
   * each one, like an underlined heading, makes the parser go over what it has seen again. */
  quoteResumptions: 200,
  /**
   * Brackets, `<` and emphasis markers that can close, within one paragraph (a run of lines without
   * a blank line): for each, the parser looks back over the paragraph, or ahead for a `>` or `-->`.
   */
  scannedCharacters: 1_000,
  /** List items, in all lists together: the costliest construct per byte to parse. */
  listItems: 2_000,
  /** Table cells of one table: a row with fewer cells than the header is filled up to its width. */
  tableCells: 2_000,
  /** Footnote references: each one also adds a link back from the note. */
  footnoteReferences: 1_000,
} as const;

/** A limit a body goes beyond: what was expected, what the body has, and on which line of it. */
export interface BodyLimitProblem {
  /** 1-based line in the body (not the file). */
  line?: number;
  expected: string;
  got: string;
}

/**
 * Every limit the body goes beyond (none: it may be rendered). Linear in the body's length; a body
 * over the byte limit is measured no further, since reading it is already the cost to avoid.
 */
export function bodyLimitProblems(body: string): BodyLimitProblem[] {
  const bytes = Buffer.byteLength(body, 'utf8');
  if (bytes > BODY_LIMITS.bytes) {
    return [{ expected: `a Markdown body of at most ${grouped(BODY_LIMITS.bytes)} bytes (move the rest to a page of its own)`, got: `${grouped(bytes)} bytes` }];
  }
  const measure = measureBody(body);
  const problems: BodyLimitProblem[] = [];
  const over = (found: Measured, limit: number, expected: string, unit: string) => {
    if (found.value > limit) problems.push({ line: found.line, expected, got: `${grouped(found.value)} ${unit}` });
  };
  over(measure.blockDepth, BODY_LIMITS.blockDepth,
    `quotes and lists nested at most ${BODY_LIMITS.blockDepth} deep (each >, list marker and two columns of indentation that start a line count one level)`, 'levels');
  over(measure.inlineDepth, BODY_LIMITS.inlineDepth,
    `emphasis nested at most ${BODY_LIMITS.inlineDepth} deep within a paragraph (each *, _ or ~ that can open and close around the others counts one level)`, 'levels');
  over(measure.underlinedHeadings, BODY_LIMITS.underlinedHeadings,
    `at most ${BODY_LIMITS.underlinedHeadings} headings underlined with === or --- (write # and ## headings instead)`, 'underlined headings');
  over(measure.quoteResumptions, BODY_LIMITS.quoteResumptions,
    `at most ${BODY_LIMITS.quoteResumptions} quotes that begin right below a line of text (leave a blank line before a quote)`, 'quotes');
  over(measure.scannedCharacters, BODY_LIMITS.scannedCharacters,
    `at most ${grouped(BODY_LIMITS.scannedCharacters)} of [ ] < and closing * _ ~ in one paragraph (a blank line starts a new one)`, 'characters');
  over(measure.listItems, BODY_LIMITS.listItems, `at most ${grouped(BODY_LIMITS.listItems)} list items`, 'list items');
  over(measure.tableCells, BODY_LIMITS.tableCells, `tables of at most ${grouped(BODY_LIMITS.tableCells)} cells (rows × columns)`, 'cells');
  over(measure.footnoteReferences, BODY_LIMITS.footnoteReferences, `at most ${grouped(BODY_LIMITS.footnoteReferences)} footnote references ([^…])`, 'references');
  return problems;
}

interface Measured {
  value: number;
  /** Where the largest value was found (for counts: where the limit was passed). */
  line?: number;
}

export interface BodyMeasure {
  blockDepth: Measured;
  inlineDepth: Measured;
  underlinedHeadings: Measured;
  quoteResumptions: Measured;
  scannedCharacters: Measured;
  listItems: Measured;
  tableCells: Measured;
  footnoteReferences: Measured;
}

/** CommonMark's line endings: \n, \r\n and \r. */
const LINES = /\r\n|\r|\n/;
const BLANK = /^[ \t]*$/;
/** A setext underline after any container prefix; a thematic break (`- - -`) is counted too. */
const UNDERLINE = /^[ \t>]*(?:=+|-+)[ \t]*$/;
/** A table's delimiter row after any container prefix: pipes, colons, dashes; each run of dashes is a column at most. */
const DELIMITER_ROW = /^[ \t>]*[|:\- \t]*-[|:\- \t]*$/;

export function measureBody(body: string): BodyMeasure {
  const lines = body.split(LINES);
  const result: BodyMeasure = {
    blockDepth: { value: 0 },
    inlineDepth: { value: 0 },
    underlinedHeadings: { value: 0 },
    quoteResumptions: { value: 0 },
    scannedCharacters: { value: 0 },
    listItems: { value: 0 },
    tableCells: { value: 0 },
    footnoteReferences: { value: 0 },
  };
  const deepest = (measured: Measured, value: number, line: number) => {
    if (value > measured.value) Object.assign(measured, { value, line });
  };
  const add = (measured: Measured, by: number, limit: number, line: number) => {
    measured.value += by;
    if (measured.line === undefined && measured.value > limit) measured.line = line;
  };

  // A paragraph, a table, any inline content lies within one run of non-blank lines.
  let runStart = 0;
  let previousQuotes = -1;
  let columns = 0;
  for (let i = 0; i <= lines.length; i++) {
    const line = lines[i];
    if (line === undefined || BLANK.test(line)) {
      if (i > runStart) {
        const inline = inlineMeasure(lines.slice(runStart, i).join('\n'));
        deepest(result.inlineDepth, inline.depth, runStart + 1);
        deepest(result.scannedCharacters, inline.scanned, runStart + 1);
      }
      runStart = i + 1;
      previousQuotes = -1;
      columns = 0;
      continue;
    }
    const prefix = containerPrefix(line);
    deepest(result.blockDepth, prefix.depth, i + 1);
    if (prefix.markers > 0) add(result.listItems, prefix.markers, BODY_LIMITS.listItems, i + 1);
    if (previousQuotes >= 0 && prefix.quotes > previousQuotes) add(result.quoteResumptions, 1, BODY_LIMITS.quoteResumptions, i + 1);
    previousQuotes = prefix.quotes;
    if (i > runStart && UNDERLINE.test(line)) add(result.underlinedHeadings, 1, BODY_LIMITS.underlinedHeadings, i + 1);
    // Rows after a delimiter row belong to its table until the run ends: each is as wide as the header.
    if (DELIMITER_ROW.test(line)) columns = Math.max(columns, line.split(/-+/).length - 1);
    else if (columns > 0) add(result.tableCells, columns, BODY_LIMITS.tableCells, i + 1);
    const references = line.split('[^').length - 1;
    if (references > 0) add(result.footnoteReferences, references, BODY_LIMITS.footnoteReferences, i + 1);
  }
  return result;
}

/** A list marker followed by a space, a tab or the line's end, or a footnote definition's label. */
const MARKER = /(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)|\[\^[^\]\s]*\]:/y;

/**
 * How many containers a line can open or continue: each `>`, each list marker (`-`, `+`, `*`,
 * `1.`, `1)`) and footnote label (`[^x]:`) before the line's text, and one per two columns of
 * indentation besides the one space that follows a marker (a nested list item is indented at least
 * two columns more than its parent; a tab counts four). Lazy continuation lines continue a paragraph and open nothing, so the deepest line
 * of a body bounds its nesting.
 */
function containerPrefix(line: string): { depth: number; quotes: number; markers: number } {
  let markers = 0;
  let quotes = 0;
  let columns = 0;
  let i = 0;
  while (i < line.length) {
    const char = line[i];
    if (char === ' ' || char === '\t') {
      columns += char === ' ' ? 1 : 4;
      i++;
    } else if (char === '>') {
      quotes++;
      // The space after a marker belongs to it, not to indentation.
      i += line[i + 1] === ' ' ? 2 : 1;
    } else {
      MARKER.lastIndex = i;
      if (!MARKER.test(line)) break;
      markers++;
      i = MARKER.lastIndex + (line[MARKER.lastIndex] === ' ' ? 1 : 0);
    }
  }
  return { depth: quotes + markers + Math.floor(columns / 2), quotes, markers };
}

/** micromark's classes of the character beside a delimiter run (micromark-util-classify-character):
 * 1 whitespace (or none), 2 punctuation or symbol, undefined anything else. The text is read by
 * UTF-16 code unit, as micromark reads it. */
function classOf(char: string | undefined): 1 | 2 | undefined {
  if (char === undefined || /\s/.test(char)) return 1;
  if (/\p{P}|\p{S}/u.test(char)) return 2;
  return undefined;
}

/**
 * In a run of lines: how many characters make the parser scan (`[`, `]`, `<`, and each run of
 * emphasis markers that can close), and an upper bound of how deep emphasis can nest there. Each level of emphasis, strong
 * or strikethrough uses at least one delimiter character (`*`, `_`, `~`) that can open before the
 * point and one that can close after it, no level opens and closes in the same run, and every
 * character serves one level at most. So around a run the depth is at most the openers up to and
 * in it, at most the closers in it and after it, and at most the openers before it and closers
 * after it together. Whether a run can open or close follows
 * micromark's attention and strikethrough tokenizers; where this text differs from what micromark
 * sees (a container's `>` before a line) it can only allow more.
 */
function inlineMeasure(text: string): { depth: number; scanned: number } {
  const runs: { open: number; close: number }[] = [];
  let scanned = text.split(/[[\]<]/).length - 1;
  for (const match of text.matchAll(/\*+|_+|~+/g)) {
    const length = match[0].length;
    const before = classOf(text[match.index - 1]);
    const after = classOf(text[match.index + length]);
    const marker = match[0][0];
    let open = !after || (after === 2 && Boolean(before));
    let close = !before || (before === 2 && Boolean(after));
    if (marker !== '~') {
      // micromark's attention also opens before and closes after a marker of another construct:
      // GFM's `~` (its attentionMarkers, `*` and `_` excepted), so `a***~***` nests two levels.
      open ||= text[match.index + length] === '~';
      close ||= text[match.index - 1] === '~';
    }
    if (marker === '_') [open, close] = [open && (Boolean(before) || !close), close && (Boolean(after) || !open)];
    if (open || close) runs.push({ open: open ? length : 0, close: close ? length : 0 });
    if (close) scanned++;
  }
  let closers = runs.reduce((sum, run) => sum + run.close, 0);
  let openers = 0;
  let depth = 0;
  for (const run of runs) {
    depth = Math.max(depth, Math.min(openers + run.open, closers, openers + closers - run.close));
    openers += run.open;
    closers -= run.close;
  }
  return { depth, scanned };
}
