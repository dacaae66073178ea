/**
 * The keys of a Markdown twin's front matter, in this order, and no other: the specification's
 * five ("Markdown twins": title, description, url, type, site), then the estimate of the twin's
 * token count (core/markdown-tokens.ts), which agents use to budget their context before reading.
 * The specification lists its five keys without excluding others, and a YAML reader takes the
 * mapping whole, so the sixth costs a reader of the five nothing. The build writes these keys
 * (site/markdown/document.ts) and `npm run verify` expects them.
 */
import { TOKENS_KEY } from './markdown-tokens.ts';

export const TWIN_FRONT_MATTER_KEYS = ['title', 'description', 'url', 'type', 'site', TOKENS_KEY] as const;
