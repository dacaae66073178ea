/**
 * `robots.txt`: everything may be crawled; the site's content signals (build/content-signals.ts)
 * say what the content may be used for once fetched; the sitemap is named by its absolute URL.
 * The signals sit in the `User-agent: *` group, as the Content Signals Policy places them
 * (contentsignals.org), and a comment says what each means, for people reading the file.
 */
import type { Emitter } from './types.ts';
import { ROBOTS_FILE, SITEMAP_FILE, publishedPath } from '../core/published-files.ts';
import type { ContentSignal } from '../core/types.ts';
import type { ContentSignals } from './model.ts';

/** The signals in the policy's order, with the names robots.txt uses for site.yaml's keys. */
const SIGNAL_NAMES: readonly [keyof ContentSignals, string][] = [['search', 'search'], ['ai_input', 'ai-input'], ['ai_train', 'ai-train']];

/** `search=yes, ai-input=yes, ai-train=no`: the value of robots.txt's Content-Signal line. */
export function contentSignalValue(signals: ContentSignals): string {
  return SIGNAL_NAMES.map(([key, name]) => `${name}=${signals[key] satisfies ContentSignal}`).join(', ');
}

const SIGNALS_EXPLAINED = [
  '# Content signals (Content Signals Policy, https://contentsignals.org/): what the content of this site',
  '# may be used for once fetched. search: building a search index and showing links and short excerpts',
  '# (not AI summaries). ai-input: giving the content to an AI model to answer with (retrieval, grounding).',
  '# ai-train: training or fine-tuning AI models. yes grants the use, no refuses it.',
];

export const emitRobots: Emitter<'site' | 'contentSignals'> = (model) => [
  {
    path: ROBOTS_FILE,
    bytes: [
      ...SIGNALS_EXPLAINED,
      'User-agent: *',
      `Content-Signal: ${contentSignalValue(model.contentSignals)}`,
      'Allow: /',
      '',
      `Sitemap: ${model.site.baseUrl}${publishedPath(SITEMAP_FILE)}`,
      '',
    ].join('\n'),
  },
];
