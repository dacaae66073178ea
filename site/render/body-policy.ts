/**
 * What an editor's Markdown body may carry onto the site: the one definition that the HTML
 * sanitiser's schema and the Markdown twin's filter are both made from, so a page and its twin
 * (and llms-full.txt, which joins twins) show the same content.
 *
 * GitHub's rules (rehype-sanitize's default schema), narrowed: raw HTML is dropped, never passed
 * on; links go to web and mail addresses or within the site; images come from the site itself
 * (the pages' Content-Security-Policy says `img-src 'self'`, and an image from elsewhere in a twin
 * would let whoever serves it see each agent that renders the twin).
 */
import { unified } from 'unified';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import type { Options as SanitizeSchema } from 'rehype-sanitize';
import type { Element, Root } from 'hast';
import { detached } from '../../core/detached.ts';

export const BODY_POLICY = {
  /** Raw HTML (`<script>`, `<iframe>`, comments…) in a body: dropped with what it holds. */
  rawHtml: false,
  /** Schemes a link may use; an address without a scheme (`/skills/x`, `#part`) stays on the site. */
  linkProtocols: ['http', 'https', 'mailto'],
  /** Schemes an image address may use… */
  imageProtocols: ['http', 'https'],
  /** …and only when it is the site's own (relative); any other image is shown as its alt text. */
  ownImagesOnly: true,
} as const;

/**
 * GitHub's schema with the policy's protocols. Its id prefix is left to remark-rehype: Markdown
 * cannot write ids, only footnotes get them, and remark-rehype prefixes those and their links
 * alike (prefixing twice would break them).
 */
export const BODY_SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  clobberPrefix: '',
  protocols: { ...defaultSchema.protocols, href: [...BODY_POLICY.linkProtocols], src: [...BODY_POLICY.imageProtocols] },
};

const sanitiser = unified().use(rehypeSanitize, BODY_SCHEMA).freeze();

/** What the sanitiser makes of one element: the twin asks it, so the two cannot disagree. */
function sanitised(element: Element): Element | undefined {
  const root = sanitiser.runSync({ type: 'root', children: [element] } satisfies Root) as Root;
  const [kept] = root.children;
  return kept?.type === 'element' && kept.tagName === element.tagName ? kept : undefined;
}

const allowedElements = new Set(BODY_SCHEMA.tagNames ?? []);

/**
 * Whether the schema keeps an element such as `img` or `table` (the twin drops a construct it does
 * not). Read from its list rather than asked of the sanitiser: the schema also keeps `tr`, `li` and
 * the like only inside their parents, which Markdown's constructs always give them.
 */
export function allowsElement(tagName: string): boolean {
  return allowedElements.has(tagName);
}

/**
 * The sanitiser's verdicts on addresses seen lately: the same address comes back often (a shop's
 * own links, a book's site), and asking the sanitiser costs more than the rest of a link. Bounded,
 * since every body brings addresses of its own: kept whole, a render worker's memory grew with the
 * catalogue (at 50,000 skills past its heap) and an editor's thousands of links would grow it too.
 */
const VERDICTS_KEPT = 4096;
// Each address is kept detached: a slice of its body would keep the whole body alive (4,096 of them,
// 20 MB at 10,000 skills, on every thread that renders).
const linkVerdicts = new Map<string, boolean>();
const imageVerdicts = new Map<string, boolean>();

function remembered(verdicts: Map<string, boolean>, url: string, judge: () => boolean): boolean {
  let allowed = verdicts.get(url);
  if (allowed === undefined) {
    allowed = judge();
    if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
    verdicts.set(detached(url), allowed);
  }
  return allowed;
}

/** How many verdicts are remembered now (at most 2 × VERDICTS_KEPT). */
export const rememberedVerdicts = (): number => linkVerdicts.size + imageVerdicts.size;

/** Whether a link may point at `url` (as remark-rehype writes it into `href`). */
export function allowsLink(url: string): boolean {
  return remembered(linkVerdicts, url, () => sanitised({ type: 'element', tagName: 'a', properties: { href: url }, children: [] })?.properties.href === url);
}

/** Whether an image may load `url` (as remark-rehype writes it into `src`). */
export function allowsImage(url: string): boolean {
  return remembered(imageVerdicts, url, () =>
    (!BODY_POLICY.ownImagesOnly || isOwnAddress(url)) && sanitised({ type: 'element', tagName: 'img', properties: { src: url }, children: [] })?.properties.src === url);
}

/** A relative or root-relative URL: no scheme, not protocol-relative (browsers read `/\` as `//`). */
function isOwnAddress(url: string): boolean {
  return url !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(url) && !/^[/\\]{2}/.test(url) && !url.startsWith('\\');
}
