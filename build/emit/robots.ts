/**
 * `robots.txt`: everything may be crawled; the site's content signals (build/content-signals.ts)
 * say what the content may be used for once fetched; the sitemap is named by its absolute URL.
 * The signals sit in the `User-agent: *` group, as the Content Signals Policy places them
 * (contentsignals.org), and a comment says what each means, for people reading the file.
 */
import { contentSignalValue } from '../content-signals.ts';
import type { Emitter } from './types.ts';
import { ROBOTS_FILE, SITEMAP_FILE, publishedPath } from '../../core/published-files.ts';

const SIGNALS_EXPLAINED = [
  '# Content signals (Content Signals Policy, https://contentsignals.org/): what the content of this site',
  '# may be used for once fetched. search: building a search index and showing links and short excerpts',
  '# (not AI summaries). ai-input: giving the content to an AI model to answer with (retrieval, grounding).',
  '# ai-train: training or fine-tuning AI models. yes grants the use, no refuses it.',
];

export const emitRobots: Emitter = (model) => [
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
