/** Tiny mdast builders: twins are trees, and remark-stringify escapes whatever editors wrote. */
import type { Heading, Link, List, ListItem, Paragraph, PhrasingContent, RootContent, Strong, Text, InlineCode } from 'mdast';

type Phrase = PhrasingContent | string;

const phrasing = (children: Phrase[]): PhrasingContent[] =>
  children.map((child) => (typeof child === 'string' ? text(child) : child));

export const text = (value: string): Text => ({ type: 'text', value });
export const strong = (...children: Phrase[]): Strong => ({ type: 'strong', children: phrasing(children) });
export const code = (value: string): InlineCode => ({ type: 'inlineCode', value });
export const link = (url: string, ...children: Phrase[]): Link => ({ type: 'link', url, children: phrasing(children) });
export const paragraph = (...children: Phrase[]): Paragraph => ({ type: 'paragraph', children: phrasing(children) });
export const heading = (depth: 1 | 2 | 3, ...children: Phrase[]): Heading => ({ type: 'heading', depth, children: phrasing(children) });

/** A tight bullet list, one paragraph per item. */
export function list(items: Phrase[][], ordered = false): List {
  return {
    type: 'list',
    ordered,
    spread: false,
    children: items.map((item): ListItem => ({ type: 'listItem', spread: false, children: [paragraph(...item)] })),
  };
}

/** `- **Label:** value` rows, the twin's way of writing a definition list. */
export function facts(rows: [string, ...Phrase[]][]): List {
  return list(rows.map(([label, ...value]) => [strong(`${label}:`), ' ', ...value]));
}

/** Join phrases with a separator: `[a](x), [b](y)`. */
export function joined(parts: Phrase[], separator = ', '): Phrase[] {
  return parts.flatMap((part, i) => (i === 0 ? [part] : [separator, part]));
}

/** The note at the top of a draft's twin in a preview (site/draft-note.ts). */
export function draftNote(label: string, note: string): Block {
  return { type: 'blockquote', children: [paragraph(strong(label), `: ${note}`)] };
}

export type Block = RootContent;
