/**
 * The one place where an editor's Markdown is read. Each body is tokenised once (micromark with
 * GitHub's extensions: tables, strikethrough, task lists, bare links, footnotes), the body policy
 * (body-policy.ts) is applied to that one list of tokens, and both outputs come from it:
 *
 * - the page's HTML, compiled straight from the tokens (no syntax tree in between, which would cost
 *   about twice the parse): micromark escapes every character of text and attribute values and
 *   writes only the elements Markdown stands for, raw HTML is dropped here, and links and images
 *   are held to the policy's addresses before the compiler sees them;
 * - the twin's Markdown, the editor's own text with the policy's edits made in place (raw HTML and
 *   link definitions out, references resolved into the links they name, refused links reduced to
 *   their text and refused images to their alt text, headings shifted, an unclosed fence closed),
 *   so a page and its twin keep and drop the same things and every twin stands on its own, also
 *   where llms-full.txt joins them.
 */
import { compile, parse, postprocess, preprocess } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { decodeString } from 'micromark-util-decode-string';
import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import type { CompileContext, Event, HtmlExtension, Token } from 'micromark-util-types';
import { SCROLLING_BLOCK_TAGS } from './scrolling-block.ts';
import { allowsImage, allowsLink } from './body-policy.ts';
import { headingIds } from './headings.ts';
import type { HeadingEntry } from './headings.ts';

export interface BodyRenderOptions {
  /** Level the body's top heading becomes: 2 under a page's h1, 3 inside a section with an h2. */
  topHeading?: number;
  /**
   * Names the body's footnotes `<prefix>-1`, `<prefix>-2`… whatever the editor called them, so
   * that twins joined in llms-full.txt never answer each other's footnotes.
   */
  footnotePrefix?: string;
  /** Gives the h2 and h3 of the body ids from their text, avoiding these (the page frame's own). */
  headingIds?: readonly string[];
}

export interface RenderedBody {
  /** The sanitised body for the page, as HTML. */
  html: string;
  /** The same body under the policy, as the twin's Markdown (ending with one line break). */
  markdown: string;
  /** Nothing left to show (an empty body, or one of raw HTML only). */
  empty: boolean;
  /** The h2 and h3 with their ids, when `headingIds` asked for them. */
  headings: HeadingEntry[];
}

/** How many bodies this thread rendered and how long that took: the build reports it apart from
 * everything else, since Markdown is most of a cold build's work. */
export interface RenderTally {
  bodies: number;
  bodyMs: number;
}

const tally: RenderTally = { bodies: 0, bodyMs: 0 };

export const renderTally = (): RenderTally => ({ ...tally });

const SYNTAX = { extensions: [gfm()] };

/** Tokens of a body, in document order: what the renderer reads (and the body limits' tests measure). */
export function tokenize(markdown: string): Event[] {
  return postprocess(parse(SYNTAX).document().write(preprocess()(markdown, undefined, true)));
}

/**
 * Render an editor's Markdown body, which the loader has held to the body limits (body-limits.ts):
 * the tokenizer's resolvers recurse once per level of nesting.
 */
export function renderBody(markdown: string, { topHeading = 2, footnotePrefix = 'note', headingIds: reserved }: BodyRenderOptions = {}): RenderedBody {
  const started = performance.now();
  let source = markdown;
  let events = tokenize(source);
  // Footnotes are renamed in the text itself (rare, so the second pass costs nothing in general):
  // the page's ids and the twin's labels then both come from the new names.
  const renamed = renameFootnotes(source, events, footnotePrefix);
  if (renamed !== source) {
    source = renamed;
    events = tokenize(source);
  }
  const definitions = definitionsOf(events);
  const shift = headingShift(events, topHeading);
  const headings = reserved ? headingIds(headingTexts(events, shift), reserved) : [];
  const markdownOut = twinMarkdown(source, events, definitions, shift);
  let html = compile({ htmlExtensions: [gfmHtml(), policyHtml(shift, headings)] })(heldToPolicy(events, definitions))
    // HTML's void elements without XHTML's slash, as everywhere else on the page: a text's own
    // `>` is always escaped, so ` />` only ever closes a tag here.
    .replaceAll(' />', '>');
  // Likewise a text's own `<` is always escaped and raw HTML is dropped, so `<pre>` and `<table>`
  // only ever open a code block and a table.
  for (const [tag, focusable] of SCROLLING_BLOCK_TAGS) html = html.replaceAll(tag, focusable);
  tally.bodies++;
  tally.bodyMs += performance.now() - started;
  return { html, markdown: markdownOut, empty: html.trim() === '', headings };
}

interface Definition {
  url: string;
  title: string | undefined;
}

type Range = { start: number; end: number };
const rangeOf = (token: Token): Range => ({ start: token.start.offset, end: token.end.offset });
const textOf = (event: Event): string => event[2].sliceSerialize(event[1]);

/** Link reference definitions by normalised label; the first of a label counts, as in CommonMark. */
function definitionsOf(events: readonly Event[]): Map<string, Definition> {
  const found = new Map<string, Definition>();
  let label: string | undefined;
  let url = '';
  let title: string | undefined;
  for (const event of events) {
    const [kind, token] = event;
    if (kind === 'enter' && token.type === 'definition') [label, url, title] = [undefined, '', undefined];
    else if (kind === 'exit' && token.type === 'definitionLabelString') label = normalizeIdentifier(textOf(event));
    else if (kind === 'exit' && token.type === 'definitionDestinationString') url = decodeString(textOf(event));
    else if (kind === 'exit' && token.type === 'definitionTitleString') title = decodeString(textOf(event));
    else if (kind === 'exit' && token.type === 'definition' && label !== undefined && !found.has(label)) found.set(label, { url, title });
  }
  return found;
}

/** The text with every footnote label replaced by `<prefix>-<n>`, numbered in order of first use. */
function renameFootnotes(source: string, events: readonly Event[], prefix: string): string {
  const names = new Map<string, string>();
  const edits: Edit[] = [];
  for (const event of events) {
    const [kind, token] = event;
    if (kind !== 'exit' || (token.type !== 'gfmFootnoteCallString' && token.type !== 'gfmFootnoteDefinitionLabelString')) continue;
    const identifier = normalizeIdentifier(textOf(event)).toLowerCase();
    let name = names.get(identifier);
    if (name === undefined) names.set(identifier, (name = `${prefix}-${names.size + 1}`));
    edits.push({ ...rangeOf(token), text: name });
  }
  return edits.length === 0 ? source : applyEdits(source, edits, new Set(), new Set());
}

/** How far every heading moves so the highest lands on `top` (levels past 6 stay at 6). */
function headingShift(events: readonly Event[], top: number): number {
  let highest = Infinity;
  let atxOpen = false;
  for (const event of events) {
    const [kind, token] = event;
    if (kind === 'enter' && token.type === 'atxHeading') atxOpen = true;
    else if (kind === 'exit' && token.type === 'atxHeadingSequence' && atxOpen) {
      // The opening sequence only: the closing one of `## x ##` says nothing about the level.
      highest = Math.min(highest, textOf(event).length);
      atxOpen = false;
    } else if (kind === 'exit' && token.type === 'setextHeadingLineSequence') highest = Math.min(highest, textOf(event).startsWith('=') ? 1 : 2);
  }
  return highest === Infinity ? 0 : top - highest;
}

const shifted = (level: number, shift: number) => Math.max(1, Math.min(6, level + shift));

/** Each heading's level after the shift and its text as a reader sees it (images and footnote
 * marks aside). */
function headingTexts(events: readonly Event[], shift: number): { level: number; text: string }[] {
  const found: { level: number; text: string }[] = [];
  let text: string[] | undefined;
  let level = 0;
  let inImage = 0;
  for (const event of events) {
    const [kind, token] = event;
    if (token.type === 'atxHeading' || token.type === 'setextHeading') {
      if (kind === 'enter') [text, level] = [[], 0];
      else {
        found.push({ level: shifted(level, shift), text: text!.join('') });
        text = undefined;
      }
    } else if (text && kind === 'exit') {
      if (token.type === 'atxHeadingSequence' && level === 0) level = textOf(event).length;
      else if (token.type === 'setextHeadingLineSequence') level = textOf(event).startsWith('=') ? 1 : 2;
      else if (token.type === 'image') inImage--;
      else if (inImage === 0 && PLAIN_TEXT.has(token.type)) text.push(plainText(event));
      else if (inImage === 0 && token.type === 'lineEnding') text.push(' ');
    } else if (text && kind === 'enter' && token.type === 'image') inImage++;
  }
  return found;
}

/** Tokens that hold a body's words (the rest are markers and structure). */
const PLAIN_TEXT = new Set(['data', 'characterEscapeValue', 'characterReference', 'codeTextData', 'literalAutolink', 'autolinkProtocol', 'autolinkEmail']);
/** What the compiler needs to write an image's alt text as plain words on the page. */
const ALT_TEXT = new Set(['data', 'codeTextData', 'lineEnding']);
const plainText = (event: Event): string => (event[1].type === 'characterReference' ? decodeString(textOf(event)) : textOf(event));

/** The address a link or image (by resource or by reference) goes to, from its tokens. */
interface Media {
  image: boolean;
  enter: number;
  exit: number;
  labelText: { enter: number; exit: number };
  label: { exit: number };
  /** A `[label][ref]` or `[label][]` part, if any. */
  reference?: Token;
  /** Resolved address and title; undefined for a reference with no definition (never parsed as one). */
  target?: Definition;
  /** Whether it goes through a reference (the twin writes the resolved address out). */
  byReference: boolean;
}

/** Every link, image and autolink of the body, each at its enter event. */
function mediaOf(events: readonly Event[], definitions: ReadonlyMap<string, Definition>): Map<number, Media> {
  const found = new Map<number, Media>();
  const open: { media: Media; url?: string; title?: string; referenceId?: string; labelId?: string }[] = [];
  events.forEach((event, i) => {
    const [kind, token] = event;
    if (token.type === 'link' || token.type === 'image') {
      if (kind === 'enter') {
        open.push({ media: { image: token.type === 'image', enter: i, exit: -1, labelText: { enter: -1, exit: -1 }, label: { exit: -1 }, byReference: false } });
        return;
      }
      const current = open.pop()!;
      const { media } = current;
      media.exit = i;
      if (current.url !== undefined) media.target = { url: current.url, title: current.title };
      else {
        media.byReference = true;
        media.target = definitions.get(normalizeIdentifier(current.referenceId || current.labelId || ''));
      }
      found.set(media.enter, media);
      return;
    }
    const current = open.at(-1);
    if (!current) return;
    if (token.type === 'labelText' && kind === 'enter' && current.media.labelText.enter === -1) current.media.labelText.enter = i;
    else if (token.type === 'labelText' && kind === 'exit' && current.media.labelText.exit === -1 && events[current.media.labelText.enter][1] === token) {
      current.media.labelText.exit = i;
      current.labelId = textOf(event);
    } else if (kind === 'exit' && token.type === 'label' && current.media.label.exit === -1) current.media.label.exit = i;
    else if (kind === 'enter' && token.type === 'resource') current.url = current.url ?? '';
    else if (kind === 'exit' && token.type === 'resourceDestinationString') current.url = decodeString(textOf(event));
    else if (kind === 'exit' && token.type === 'resourceTitleString') current.title = decodeString(textOf(event));
    else if (kind === 'exit' && token.type === 'referenceString') current.referenceId = textOf(event);
    else if (kind === 'enter' && token.type === 'reference') current.media.reference = token;
  });
  return found;
}

/** A refused link whose text is only its address says nothing once the address is gone. */
function onlyItsAddress(events: readonly Event[], media: Media): boolean {
  const inner = events.slice(media.labelText.enter + 1, media.labelText.exit);
  const words = inner.filter(([kind, token]) => kind === 'exit' && PLAIN_TEXT.has(token.type)).map(plainText).join('');
  return words === media.target?.url && inner.every(([, token]) => token.type === 'data' || token.type === 'escapeMarker' || token.type.startsWith('characterEscape') || token.type.startsWith('characterReference'));
}

const allowed = (media: Media): boolean => media.target !== undefined && (media.image ? allowsImage(media.target.url) : allowsLink(media.target.url));

/** The autolink `<scheme:…>` or `<a@b.c>`, by its address. */
function autolinkAddress(events: readonly Event[], enter: number): string {
  const inner = events.slice(enter + 1).find(([kind, token]) => kind === 'exit' && (token.type === 'autolinkProtocol' || token.type === 'autolinkEmail'))!;
  return inner[1].type === 'autolinkEmail' ? `mailto:${textOf(inner)}` : textOf(inner);
}

/** The index of the exit event that closes the enter event at `enter`. */
function exitOf(events: readonly Event[], enter: number): number {
  const token = events[enter][1];
  for (let i = enter + 1; i < events.length; i++) if (events[i][1] === token) return i;
  return events.length - 1;
}

/**
 * The tokens the page is compiled from: a refused link leaves its text (or nothing, when that was
 * its address), a refused image its alt text as plain words, a refused autolink nothing. Raw HTML
 * is dropped by the compiler (policyHtml), with what it holds.
 */
function heldToPolicy(events: Event[], definitions: ReadonlyMap<string, Definition>): Event[] {
  const media = mediaOf(events, definitions);
  const out: Event[] = [];
  for (let i = 0; i < events.length; i++) {
    const [kind, token] = events[i];
    if (kind !== 'enter') {
      out.push(events[i]);
      continue;
    }
    const found = media.get(i);
    if (found && !allowed(found)) {
      if (found.image) {
        const alt = events.slice(found.labelText.enter + 1, found.labelText.exit);
        out.push(...alt.filter(([, t]) => ALT_TEXT.has(t.type) || t.type.startsWith('characterReference') || t.type.startsWith('characterEscape')));
      } else if (!onlyItsAddress(events, found)) out.push(...heldToPolicy(events.slice(found.labelText.enter + 1, found.labelText.exit), definitions));
      i = found.exit;
      continue;
    }
    if (token.type === 'autolink' && !allowsLink(autolinkAddress(events, i))) {
      i = exitOf(events, i);
      continue;
    }
    out.push(events[i]);
  }
  return out;
}

/** The compiler's own handlers where the policy differs: raw HTML dropped, headings shifted (and
 * given their ids). */
function policyHtml(shift: number, ids: readonly HeadingEntry[]): HtmlExtension {
  let heading = 0;
  const open = (context: CompileContext, level: number) => {
    const entry = ids.find((candidate) => candidate.index === heading);
    heading++;
    context.tag(`<h${level}${entry ? ` id="${context.encode(entry.id)}"` : ''}>`);
  };
  // Raw HTML is written into a buffer that is thrown away, with everything it holds.
  const drop = function (this: CompileContext): undefined {
    this.buffer();
  };
  const dropped = function (this: CompileContext): undefined {
    this.resume();
  };
  return {
    enter: { htmlFlow: drop, htmlText: drop },
    exit: {
      htmlFlow: dropped,
      htmlText: dropped,
      atxHeadingSequence(token) {
        // The closing sequence of `## x ##` is not another heading.
        if (this.getData('headingRank')) return;
        const level = shifted(this.sliceSerialize(token).length, shift);
        this.setData('headingRank', level);
        this.lineEndingIfNeeded();
        open(this, level);
      },
      setextHeadingLineSequence(token) {
        this.setData('headingRank', shifted(this.sliceSerialize(token).charCodeAt(0) === 61 ? 1 : 2, shift));
      },
      setextHeading() {
        const value = this.resume();
        const level = this.getData('headingRank')!;
        this.lineEndingIfNeeded();
        open(this, level);
        this.raw(value);
        this.tag(`</h${level}>`);
        this.setData('slurpAllLineEndings');
        this.setData('headingRank');
      },
    },
  };
}

interface Edit extends Range {
  text: string;
  /** Text on either side stays text: a literal punctuation character beside the edit is escaped,
   * so taking something out never makes new syntax of what was around it. */
  guard?: boolean;
}

/** Punctuation that can open or close Markdown syntax next to what it touches (`.` and the like
 * cannot, and are left as the editor wrote them). */
const SYNTAX_PUNCTUATION = /[!#&()*+<=>[\\\]^_`{|}~-]/;

/** The source with the edits made (sorted, none overlapping). */
function applyEdits(source: string, edits: Edit[], dataStarts: ReadonlySet<number>, dataEnds: ReadonlySet<number>): string {
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  edits.forEach((edit, k) => {
    if (edit.start < at) return;
    const before = source.slice(at, edit.start);
    if (edit.guard && before.length > 0 && dataEnds.has(edit.start) && SYNTAX_PUNCTUATION.test(source[edit.start - 1])) {
      out += `${before.slice(0, -1)}\\${before.slice(-1)}`;
    } else out += before;
    out += edit.text;
    const next = edits[k + 1];
    if (edit.guard && dataStarts.has(edit.end) && SYNTAX_PUNCTUATION.test(source[edit.end] ?? '') && (!next || next.start > edit.end)) out += '\\';
    at = edit.end;
  });
  return out + source.slice(at);
}

/** Characters that would end or break a Markdown link destination or title written out. */
const destination = (url: string) => `<${url.replace(/[\\<>]/g, '\\$&').replace(/[\r\n]/g, encodeURIComponent)}>`;
const title = (text: string | undefined) => (text === undefined ? '' : ` "${text.replace(/[\\"]/g, '\\$&')}"`);
/** Plain words as Markdown text: every ASCII punctuation character escaped. */
const escaped = (text: string) => text.replace(/[!-/:-@[-`{-~]/g, '\\$&').replace(/\s+/g, ' ');

/**
 * The twin's Markdown: the editor's text with the policy's edits, so it says what the page shows
 * in the editor's own Markdown.
 */
function twinMarkdown(source: string, events: readonly Event[], definitions: ReadonlyMap<string, Definition>, shift: number): string {
  const media = mediaOf(events, definitions);
  const edits: Edit[] = [];
  const dataStarts = new Set<number>();
  const dataEnds = new Set<number>();
  let atxOpen = false;
  for (let i = 0; i < events.length; i++) {
    const [kind, token] = events[i];
    if (token.type === 'data') {
      if (kind === 'enter') dataStarts.add(token.start.offset);
      else dataEnds.add(token.end.offset);
      continue;
    }
    if (kind === 'exit') {
      if (token.type === 'atxHeading') atxOpen = false;
      continue;
    }
    const found = media.get(i);
    if (found) {
      const target = found.target!;
      if (!allowed(found)) {
        if (found.image) {
          const alt = events.slice(found.labelText.enter + 1, found.labelText.exit).filter(([k, t]) => k === 'exit' && PLAIN_TEXT.has(t.type)).map(plainText).join('');
          edits.push({ ...rangeOf(token), text: escaped(alt), guard: true });
          i = found.exit;
        } else if (onlyItsAddress(events, found)) {
          edits.push({ ...rangeOf(token), text: '', guard: true });
          i = found.exit;
        } else {
          edits.push({ start: token.start.offset, end: events[found.labelText.enter][1].start.offset, text: '', guard: true });
          edits.push({ start: events[found.labelText.exit][1].end.offset, end: token.end.offset, text: '', guard: true });
        }
      } else if (found.image) {
        // Written out whole: its alt text is plain words, its address the resolved one.
        const alt = events.slice(found.labelText.enter + 1, found.labelText.exit).filter(([k, t]) => k === 'exit' && PLAIN_TEXT.has(t.type)).map(plainText).join('');
        edits.push({ ...rangeOf(token), text: `![${escaped(alt)}](${destination(target.url)}${title(target.title)})` });
        i = found.exit;
      } else if (found.byReference) {
        // Definitions do not travel: each reference carries its address.
        const labelEnd = events[found.label.exit][1].end.offset;
        const written = `(${destination(target.url)}${title(target.title)})`;
        edits.push(found.reference ? { ...rangeOf(found.reference), text: written } : { start: labelEnd, end: labelEnd, text: written });
      }
      continue;
    }
    switch (token.type) {
      case 'htmlFlow':
      case 'definition':
        edits.push({ ...rangeOf(token), text: '' });
        i = exitOf(events, i);
        break;
      case 'htmlText':
        edits.push({ ...rangeOf(token), text: '', guard: true });
        i = exitOf(events, i);
        break;
      case 'autolink':
        if (!allowsLink(autolinkAddress(events, i))) {
          edits.push({ ...rangeOf(token), text: '', guard: true });
          i = exitOf(events, i);
        }
        break;
      case 'atxHeading':
        atxOpen = true;
        break;
      case 'atxHeadingSequence':
        if (atxOpen) {
          edits.push({ ...rangeOf(token), text: '#'.repeat(shifted(source.slice(token.start.offset, token.end.offset).length, shift)) });
          atxOpen = false;
        }
        break;
      case 'setextHeading':
        setextAsAtx(source, events, i, shift, edits);
        break;
      case 'codeFenced':
        closeFence(source, events, i, edits);
        break;
    }
  }
  const text = applyEdits(source, edits, dataStarts, dataEnds);
  // Blank lines left where something was taken out at either end go; the rest is the editor's.
  return `${text.replace(/^(?:[ \t]*\r?\n)+/, '').replace(/\s+$/, '')}\n`;
}

/** A setext heading (text underlined with `===` or `---`) as an atx one, since its level moves:
 * `#`s before its text, its lines joined, its underline gone. */
function setextAsAtx(source: string, events: readonly Event[], enter: number, shift: number, edits: Edit[]): void {
  const exit = exitOf(events, enter);
  const inner = events.slice(enter, exit);
  const text = inner.find(([kind, token]) => kind === 'enter' && token.type === 'setextHeadingText')?.[1];
  const underline = inner.find(([kind, token]) => kind === 'exit' && token.type === 'setextHeadingLineSequence');
  if (!text || !underline) return;
  const level = shifted(textOf(underline).startsWith('=') ? 1 : 2, shift);
  edits.push({ start: text.start.offset, end: text.start.offset, text: `${'#'.repeat(level)} ` });
  for (const [kind, token] of inner) {
    if (kind !== 'enter' || token.type !== 'lineEnding' || token.start.offset >= text.end.offset) continue;
    // The line break and the next line's container prefix (`> `, indentation) become one space.
    const rest = /^[ \t>]*/.exec(source.slice(token.end.offset))![0];
    edits.push({ start: token.start.offset, end: token.end.offset + rest.length, text: ' ' });
  }
  edits.push({ start: text.end.offset, end: events[exit][1].end.offset, text: '' });
}

/** A fenced code block the body never closes gets its closing fence, inside the same containers. */
function closeFence(source: string, events: readonly Event[], enter: number, edits: Edit[]): void {
  const exit = exitOf(events, enter);
  const fences = events.slice(enter, exit).filter(([kind, token]) => kind === 'enter' && token.type === 'codeFencedFence');
  if (fences.length >= 2) return;
  const sequence = events.slice(enter, exit).find(([kind, token]) => kind === 'exit' && token.type === 'codeFencedFenceSequence')!;
  const start = events[enter][1].start.offset;
  const lineStart = source.lastIndexOf('\n', start - 1) + 1;
  // Quote markers stay, list markers become the indentation that continues their item.
  const prefix = source.slice(lineStart, start).replace(/[^\s>]/g, ' ');
  // Right after its last line of code: blank lines the block ran on with are not part of it.
  const last = events.slice(enter, exit).findLast(([kind, token]) => kind === 'exit' && (token.type === 'codeFlowValue' || token.type === 'codeFencedFence'))!;
  const end = last[1].end.offset;
  edits.push({ start: end, end, text: `\n${prefix}${textOf(sequence)}` });
}
