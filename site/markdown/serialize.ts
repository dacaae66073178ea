/**
 * The twins' generated Markdown, written straight from the blocks mdast.ts builds, with
 * remark-stringify's bytes (GFM, STRINGIFY_OPTIONS) at a fraction of its cost: the library spent a
 * fifth of a cold build's CPU on these few facts per page, mostly walking every escape pattern it
 * knows for every piece of text and serialising each next sibling once more to learn its first
 * character.
 *
 * What it writes, and how, is mdast-util-to-markdown's (2.2.3, pinned) for exactly the nodes the
 * twins use: the block handlers (heading, paragraph, tight list and list item, block quote, fenced
 * code) and the inline ones (text, inline code, link, and strong as a fact's label), its joins, and
 * its escaping: `safe` ported line for line and run over the library's own patterns, read from the
 * library once, so no rule of what must be escaped is written here. A tree with anything else (a
 * node type, an option or a label placement outside that set) is handed to remark-stringify whole:
 * `writeMarkdown` says undefined and `markdownOf` falls back. serialize.test.ts holds the two to the
 * same bytes over hostile text in every place a twin puts text.
 */
import { unified } from 'unified';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { classifyCharacter } from 'micromark-util-classify-character';
import type { Blockquote, Code, Heading, InlineCode, Link, List, ListItem, Nodes, Parents, Root, RootContent, Strong, Text } from 'mdast';
import type { Handle, State, Unsafe } from 'mdast-util-to-markdown';

export const STRINGIFY_OPTIONS = { bullet: '-', emphasis: '_', strong: '*', fence: '`', fences: true, listItemIndent: 'one', rule: '-' } as const;

/** remark-stringify as the twins configure it, with some of its handlers replaced. */
const remark = (handlers?: Record<string, Handle>) =>
  unified()
    // Cells unpadded: padding every row to its column's widest cell would let one wide cell multiply
    // an editor's table by its number of rows.
    .use(remarkGfm, { tablePipeAlign: false })
    .use(remarkStringify, { ...STRINGIFY_OPTIONS, ...(handlers ? { handlers } : {}) })
    .freeze();

/** The reference. */
const stringifier = remark();

/** remark-stringify's Markdown for these blocks. */
export const referenceMarkdownOf = (blocks: readonly RootContent[]): string => stringifier.stringify({ type: 'root', children: [...blocks] } satisfies Root);

/** The escape patterns the reference runs with (the library's own and GFM's), read from it once. */
const UNSAFE: readonly Unsafe[] = (() => {
  let patterns: Unsafe[] = [];
  const capture: Handle = (_node, _parent, state: State) => {
    patterns = [...state.unsafe];
    return '';
  };
  remark({ text: capture }).stringify({ type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'x' }] }] });
  return patterns;
})();

/** Patterns that look at the neighbouring nodes are none of the library's today; should a version
 * bring one, this writer steps aside rather than guess. */
const PORTED = UNSAFE.length > 0 && UNSAFE.every((pattern) => !pattern.beforeNode && !pattern.afterNode);

/** Outside the nodes and placements this writer reproduces: the whole tree goes to the reference. */
class Unsupported extends Error {}

type Stack = readonly string[];

// ---- Escaping: mdast-util-to-markdown's lib/util/{safe,compile-pattern,pattern-in-scope}.js ----

const compiled = new Map<Unsafe, RegExp>();

/** What a pattern needs before its character, and the character, as expression sources. */
const beforeSource = (pattern: Unsafe) => (pattern.atBreak ? '[\\r\\n][\\t ]*' : '') + (pattern.before ? `(?:${pattern.before})` : '');
const characterSource = (pattern: Unsafe) => (/[$()*+.?[\\\]^{|}]/.test(pattern.character) ? '\\' : '') + pattern.character;

function compilePattern(pattern: Unsafe): RegExp {
  let expression = compiled.get(pattern);
  if (!expression) {
    const before = beforeSource(pattern);
    expression = new RegExp(
      (before ? `(${before})` : '') + characterSource(pattern) + (pattern.after ? `(?:${pattern.after})` : ''),
      (pattern as { unicode?: boolean }).unicode ? 'gu' : 'g',
    );
    compiled.set(pattern, expression);
  }
  return expression;
}

function listInScope(stack: Stack, list: Unsafe['inConstruct'], none: boolean): boolean {
  const names = typeof list === 'string' ? [list] : list;
  if (!names || names.length === 0) return none;
  return names.some((name) => stack.includes(name));
}

interface Scope {
  patterns: Unsafe[];
  /**
   * Every place any of them could flag, all as one expression: each pattern's character, with what
   * it needs before and after as lookbehind and lookahead, so the context is read but never taken.
   * It finds at least every position the patterns find one by one (and the overlapping ones they
   * skip), so where it finds none inside the text, nothing in it is escaped: most text is written
   * as it is, after one scan.
   */
  flagged: RegExp | undefined;
}

/** The patterns that apply inside a stack of constructs, worked out once per stack. */
const scopes = new Map<string, Scope>();

function scopeOf(stack: Stack): Scope {
  const key = stack.join(' ');
  let scope = scopes.get(key);
  if (!scope) {
    const patterns = UNSAFE.filter((pattern) => listInScope(stack, pattern.inConstruct, true) && !listInScope(stack, pattern.notInConstruct, false));
    // One expression can hold them all only where they share their flags.
    const flagged = patterns.length > 0 && patterns.every((pattern) => !compilePattern(pattern).unicode)
      ? new RegExp(patterns.map((pattern) => {
          const character = characterSource(pattern);
          const before = beforeSource(pattern);
          return `${character}${before ? `(?<=${before}${character})` : ''}${pattern.after ? `(?=${pattern.after})` : ''}`;
        }).join('|'), 'g')
      : undefined;
    scopes.set(key, (scope = { patterns, flagged }));
  }
  return scope;
}

const encodeCharacterReference = (code: number) => `&#x${code.toString(16).toUpperCase()};`;

/** `safe(state, input, {before, after, encode})`: the text with what would be syntax escaped. */
function safe(stack: Stack, input: string, before: string, after: string, encode?: readonly string[]): string {
  const value = before + input + after;
  const scope = scopeOf(stack);
  // Character escapes and references do not work in autolinks, so percent-encoding is used instead.
  const percentEncode = stack.includes('autolink');
  const offset = before.length;
  const end = value.length - after.length;
  if (scope.flagged) {
    scope.flagged.lastIndex = offset;
    const first = scope.flagged.exec(value);
    if (first === null || first.index >= end) return percentEncode ? input : escapeBackslashes(input, after);
  }
  const positions: number[] = [];
  const infos = new Map<number, { before: boolean; after: boolean }>();

  for (const pattern of scope.patterns) {
    // Every match holds the pattern's character: without it, nothing to run.
    if (!value.includes(pattern.character)) continue;
    const expression = compilePattern(pattern);
    const hasBefore = Boolean(pattern.before || pattern.atBreak);
    const hasAfter = Boolean(pattern.after);
    let match: RegExpExecArray | null;
    while ((match = expression.exec(value))) {
      const position = match.index + (hasBefore ? match[1].length : 0);
      const info = infos.get(position);
      if (info) {
        if (info.before && !hasBefore) info.before = false;
        if (info.after && !hasAfter) info.after = false;
      } else {
        positions.push(position);
        infos.set(position, { before: hasBefore, after: hasAfter });
      }
    }
  }
  positions.sort((a, b) => a - b);

  const result: string[] = [];
  let start = offset;
  for (let index = 0; index < positions.length; index++) {
    const position = positions[index];
    if (position < start || position >= end) continue;
    // "Intraword" underscores (`a_b`, `a__b`) cannot form attention.
    if (
      value.charAt(position) === '_' &&
      position > 0 &&
      classifyCharacter(value.charCodeAt(position - 1)) === undefined &&
      !infos.has(position - 1) &&
      !(position - 1 === offset && /[*_]/.test(value.charAt(offset - 1)))
    ) {
      let sequenceEnd = position + 1;
      while (sequenceEnd < end && value.charAt(sequenceEnd) === '_') sequenceEnd++;
      const skip = sequenceEnd - position - 1;
      if (
        positions[index + skip] === sequenceEnd - 1 &&
        sequenceEnd < value.length &&
        classifyCharacter(value.charCodeAt(sequenceEnd)) === undefined &&
        !infos.has(sequenceEnd) &&
        !(sequenceEnd === end - 1 && /[*_]/.test(value.charAt(end)))
      ) {
        index += skip;
        continue;
      }
    }
    // An escape conditional on the next (or previous) character, which is escaped anyway.
    const info = infos.get(position)!;
    if (
      (position + 1 < end && positions[index + 1] === position + 1 && info.after && !infos.get(position + 1)!.before && !infos.get(position + 1)!.after) ||
      (position - 1 >= offset && positions[index - 1] === position - 1 && info.before && !infos.get(position - 1)!.before && !infos.get(position - 1)!.after)
    ) {
      continue;
    }
    if (start !== position) {
      const slice = value.slice(start, position);
      result.push(percentEncode ? slice : escapeBackslashes(slice, '\\'));
    }
    start = position + 1;
    if (percentEncode) result.push(`%${value.charCodeAt(position).toString(16).toUpperCase().padStart(2, '0')}`);
    else if (/[!-/:-@[-`{-~]/.test(value.charAt(position)) && !encode?.includes(value.charAt(position))) result.push(`\\${value.charAt(position)}`);
    else result.push(encodeCharacterReference(value.charCodeAt(position)));
  }
  const rest = value.slice(start, end);
  result.push(percentEncode ? rest : escapeBackslashes(rest, after));
  return result.join('');
}

/** A backslash before punctuation (in the text or just after it) is escaped, so it stays a backslash. */
function escapeBackslashes(value: string, after: string): string {
  const whole = value + after;
  if (!whole.includes('\\')) return value;
  const expression = /\\(?=[!-/:-@[-`{-~])/g;
  const results: string[] = [];
  let start = 0;
  let match: RegExpExecArray | null;
  while ((match = expression.exec(whole))) {
    if (start !== match.index) results.push(value.slice(start, match.index));
    results.push('\\');
    start = match.index;
  }
  results.push(value.slice(start));
  return results.join('');
}

// ---- Inline content: lib/util/container-phrasing.js and the inline handlers ----

function firstCharacter(value: string): string {
  const code = value.codePointAt(0);
  return code === undefined ? '' : String.fromCodePoint(code);
}

function lastCharacter(value: string): string {
  const code = value.codePointAt(value.length - 2);
  return code !== undefined && code > 0xffff ? value.slice(-2) : value.slice(-1);
}

/** The children of a paragraph, heading, link or label, one after another, each told the
 * character before it and the first one the next child writes. */
function phrasing(parent: Parents, stack: Stack, before: string, after: string): string {
  const children = (parent as { children: RootContent[] }).children;
  let out = '';
  let previous = before;
  for (let index = 0; index < children.length; index++) {
    const child = children[index];
    const next = children[index + 1];
    const following = next === undefined ? after : firstCharacter(peek(next, stack));
    const value =
      child.type === 'strong' ? label(child, index, children, stack, previous, following) : inline(child, stack, previous, following);
    if (!value) continue;
    out += value;
    previous = lastCharacter(value);
  }
  return out;
}

/** What a node writes first, as the library learns it: its handler's `peek`, or the node written
 * out with nothing around it. */
function peek(node: RootContent, stack: Stack): string {
  switch (node.type) {
    case 'inlineCode':
      return '`';
    case 'link':
      return isAutolink(node) ? '<' : '[';
    case 'strong':
      return STRINGIFY_OPTIONS.strong;
    default:
      return inline(node, stack, '', '');
  }
}

function inline(node: RootContent, stack: Stack, before: string, after: string): string {
  switch (node.type) {
    case 'text':
      return safe(stack, (node as Text).value, before, after);
    case 'inlineCode':
      return inlineCode(node);
    case 'link':
      return link(node, stack, before);
    default:
      throw new Unsupported(node.type);
  }
}

/**
 * Strong, where the twins put it: a fact's label (`**Price:** €19.00`) or the draft note's
 * (`**Draft**: not published`), first in its paragraph, plain words, followed by a space or by
 * punctuation. There the library's attention pass (choosing `**` or `__`, encoding a flanking
 * character) keeps `**` and changes nothing, which is all this writes; anywhere else it hands over.
 */
function label(node: Strong, index: number, siblings: readonly RootContent[], stack: Stack, before: string, after: string): string {
  const [only] = node.children;
  const words = node.children.length === 1 && only.type === 'text' ? only.value : '';
  const tail = words.at(-1) ?? '';
  const following = classifyCharacter(after.charCodeAt(0));
  if (
    index !== 0 ||
    siblings.length < 2 ||
    !/^[A-Za-z0-9](?:[A-Za-z0-9 ]*[A-Za-z0-9:])?$/.test(words) ||
    classifyCharacter(before.charCodeAt(before.length - 1)) !== 1 ||
    // After a letter: a space or punctuation; after punctuation (the colon): only a space.
    (tail === ':' ? following !== 1 : following === undefined)
  ) {
    throw new Unsupported('strong');
  }
  const sequence = STRINGIFY_OPTIONS.strong.repeat(2);
  const inner = safe([...stack, 'strong'], words, sequence, sequence);
  if (inner !== words) throw new Unsupported('strong');
  return `${sequence}${inner}${sequence}`;
}

/** lib/handle/inline-code.js */
function inlineCode(node: InlineCode): string {
  let value = node.value || '';
  let sequence = '`';
  while (new RegExp(`(^|[^\`])${sequence}([^\`]|$)`).test(value)) sequence += '`';
  if (/[^\n\r ]/.test(value) && ((/^[\n\r ]/.test(value) && /[\n\r ]$/.test(value)) || /^`|`$/.test(value))) value = ` ${value} `;
  for (const pattern of UNSAFE) {
    if (!pattern.atBreak) continue;
    const expression = compilePattern(pattern);
    let match: RegExpExecArray | null;
    while ((match = expression.exec(value))) {
      let position = match.index;
      if (value.charCodeAt(position) === 10 && value.charCodeAt(position - 1) === 13) position--;
      value = `${value.slice(0, position)} ${value.slice(match.index + 1)}`;
    }
  }
  return sequence + value + sequence;
}

/** lib/util/format-link-as-autolink.js (the twins' links have no title). */
function isAutolink(node: Link): boolean {
  const [only] = node.children;
  const raw = node.children.length === 1 && only.type === 'text' ? only.value : undefined;
  return Boolean(
    node.url && !node.title && raw !== undefined && (raw === node.url || `mailto:${raw}` === node.url) &&
      /^[a-z][+\-.a-z]+:/i.test(node.url) && !/[\0- <>\u007F]/.test(node.url),
  );
}

/** lib/handle/link.js, with the double quote as the title's quote (the default). */
function link(node: Link, stack: Stack, before: string): string {
  if (isAutolink(node)) {
    const inside = [...stack.filter((name) => name !== 'phrasing'), 'autolink'];
    return `<${phrasing(node, inside, '<', '>')}>`;
  }
  const linkStack = [...stack, 'link'];
  const text = phrasing(node, [...linkStack, 'label'], '[', '](');
  let value = `[${text}](`;
  const enclose = /[\0- \u007F]/.test(node.url);
  const last = before.charAt(before.length - 1);
  let title = node.title || undefined;
  if (!title && !enclose && (last === '\n' || last === '\r')) {
    let index = 0;
    while (index < text.length && text.charCodeAt(index) !== 93) index += text.charCodeAt(index) === 92 ? 2 : 1;
    if (text.charCodeAt(index + 1) === 58) title = '';
  }
  if ((!node.url && typeof title === 'string') || enclose) {
    value += '<';
    value += safe([...linkStack, 'destinationLiteral'], node.url, value, '>');
    value += '>';
  } else {
    value += safe([...linkStack, 'destinationRaw'], node.url, value, typeof title === 'string' ? ' ' : ')');
  }
  if (typeof title === 'string') {
    value += ' "';
    value += safe([...linkStack, 'titleQuote'], title, value, '"');
    value += '"';
  }
  return `${value})`;
}

// ---- Blocks: lib/util/container-flow.js, lib/join.js and the block handlers ----

interface FlowState {
  /** The bullet of the list being written, and of the last list written at this level: two lists
   * in a row take different bullets, or they would read as one. */
  bulletCurrent?: string;
  bulletLastUsed?: string;
}

function flow(parent: Parents, stack: Stack, state: FlowState): string {
  const children = (parent as { children: RootContent[] }).children;
  let out = '';
  children.forEach((child, index) => {
    out += block(child, parent, stack, state);
    if (child.type !== 'list') state.bulletLastUsed = undefined;
    if (index < children.length - 1) out += between(child, children[index + 1], parent);
  });
  return out;
}

/** joinDefaults for these nodes: a tight list's items one line apart, everything else a blank line. */
function between(left: RootContent, right: RootContent, parent: Parents): string {
  if (!('spread' in parent) || typeof parent.spread !== 'boolean') return '\n\n';
  if (parent.spread) return '\n\n';
  if (left.type === 'blockquote' && right.type === 'blockquote') return '\n\n';
  if (left.type === 'paragraph' && right.type === 'list' && ((right.ordered && typeof right.start === 'number' && right.start !== 1) || (right.children.length > 0 && right.children[0].children.length === 0))) {
    return '\n\n';
  }
  let tail: Nodes = left;
  while ((tail.type === 'blockquote' || tail.type === 'list' || tail.type === 'listItem') && tail.children.length > 0) tail = tail.children[tail.children.length - 1];
  const descended = tail !== left;
  if (tail.type !== 'paragraph') return '\n';
  return (left.type === 'paragraph' || descended) && right.type === 'paragraph' ? '\n\n' : '\n';
}

function block(node: RootContent, parent: Parents, stack: Stack, state: FlowState): string {
  switch (node.type) {
    case 'paragraph':
      return phrasing(node, [...stack, 'paragraph', 'phrasing'], '\n', '\n');
    case 'heading':
      return heading(node, stack);
    case 'list':
      return list(node, stack, state);
    case 'listItem':
      return listItem(node, parent, stack, state);
    case 'blockquote':
      return blockquote(node, stack, state);
    case 'code':
      return code(node, stack);
    default:
      throw new Unsupported(node.type);
  }
}

/** lib/handle/heading.js, atx only: a heading of level 1 or 2 with a line break in its text is
 * written setext-style by the library (lib/util/format-heading-as-setext.js), and handed over. */
function heading(node: Heading, stack: Stack): string {
  if (node.depth < 3 && holdsLineBreak(node)) throw new Unsupported('setext heading');
  const sequence = '#'.repeat(Math.max(Math.min(6, node.depth || 1), 1));
  let value = phrasing(node, [...stack, 'headingAtx', 'phrasing'], '# ', '\n');
  const head = value.charCodeAt(0);
  if (head === 9 || head === 32) value = encodeCharacterReference(head) + value.slice(1);
  return value ? `${sequence} ${value}` : sequence;
}

function holdsLineBreak(node: Nodes): boolean {
  if ('value' in node && /\r?\n|\r/.test(node.value)) return true;
  return 'children' in node && node.children.some((child) => child.type === 'break' || holdsLineBreak(child));
}

function list(node: List, stack: Stack, state: FlowState): string {
  const bulletCurrent = state.bulletCurrent;
  let bullet: string = node.ordered ? '.' : STRINGIFY_OPTIONS.bullet;
  const bulletOther = node.ordered ? ')' : '*';
  // An item that starts empty, or with a rule, changes the library's choice of bullet: not a twin's.
  if (node.children.some((item) => item.children.length === 0 || item.children[0].type === 'thematicBreak')) throw new Unsupported('list');
  if (state.bulletLastUsed && bullet === state.bulletLastUsed) bullet = bulletOther;
  state.bulletCurrent = bullet;
  const value = flow(node, [...stack, 'list'], state);
  state.bulletLastUsed = bullet;
  state.bulletCurrent = bulletCurrent;
  return value;
}

function listItem(node: ListItem, parent: Parents, stack: Stack, state: FlowState): string {
  if (parent.type !== 'list' || typeof node.checked === 'boolean') throw new Unsupported('listItem');
  let bullet = state.bulletCurrent ?? STRINGIFY_OPTIONS.bullet;
  if (parent.ordered) bullet = `${(typeof parent.start === 'number' && parent.start > -1 ? parent.start : 1) + parent.children.indexOf(node)}${bullet}`;
  // listItemIndent 'one': the content one space after the bullet.
  const size = bullet.length + 1;
  return indentLines(flow(node, [...stack, 'listItem'], state), (line, index, blank) =>
    index ? (blank ? '' : ' '.repeat(size)) + line : (blank ? bullet : bullet + ' '.repeat(size - bullet.length)) + line);
}

function blockquote(node: Blockquote, stack: Stack, state: FlowState): string {
  return indentLines(flow(node, [...stack, 'blockquote'], state), (line, _index, blank) => `>${blank ? '' : ' '}${line}`);
}

function code(node: Code, stack: Stack): string {
  if (node.meta) throw new Unsupported('code meta');
  const raw = node.value || '';
  const sequence = '`'.repeat(Math.max(longestStreak(raw, '`') + 1, 3));
  const codeStack = [...stack, 'codeFenced'];
  let value = sequence;
  if (node.lang) value += safe([...codeStack, 'codeFencedLangGraveAccent'], node.lang, value, ' ', ['`']);
  value += '\n';
  if (raw) value += `${raw}\n`;
  return value + sequence;
}

function longestStreak(value: string, character: string): number {
  let longest = 0;
  let run = 0;
  for (const c of value) {
    run = c === character ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** lib/util/indent-lines.js */
function indentLines(value: string, map: (line: string, index: number, blank: boolean) => string): string {
  const eol = /\r?\n|\r/g;
  const result: string[] = [];
  let start = 0;
  let line = 0;
  let match: RegExpExecArray | null;
  while ((match = eol.exec(value))) {
    result.push(map(value.slice(start, match.index), line, !value.slice(start, match.index)));
    result.push(match[0]);
    start = match.index + match[0].length;
    line++;
  }
  const last = value.slice(start);
  result.push(map(last, line, !last));
  return result.join('');
}

/** These blocks as remark-stringify writes them, or undefined when they hold something this writer
 * does not reproduce. */
export function writeMarkdown(blocks: readonly RootContent[]): string | undefined {
  // Inline content at the root (which the library writes as phrasing) is no block here: unsupported.
  if (!PORTED) return undefined;
  try {
    const value = flow({ type: 'root', children: [...blocks] }, [], {});
    const last = value.charCodeAt(value.length - 1);
    return value && last !== 10 && last !== 13 ? `${value}\n` : value;
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

/** Generated blocks (escaping whatever editors wrote) as Markdown. */
export const markdownOf = (blocks: readonly RootContent[]): string => writeMarkdown(blocks) ?? referenceMarkdownOf(blocks);
