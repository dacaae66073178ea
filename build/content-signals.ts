/**
 * The site's content signals: what crawlers may use its content for once fetched, under the
 * Content Signals Policy (https://contentsignals.org/, published by Cloudflare in 2025 under CC0).
 * robots.txt states them in one line, `Content-Signal: search=yes, ai-input=yes, ai-train=no`,
 * inside the `User-agent: *` group; a signal not stated neither grants nor refuses its use.
 *
 * Editors set them in content/site.yaml (`content_signals`, snake_case like every other key there);
 * whatever they leave out takes the schema's default (schema/content/site.schema.json): search yes
 * and ai-input yes, since the catalogue exists to be found and read by agents (its Markdown twins
 * and llms.txt are for them), ai-train no, since the descriptions are the shop's own text and
 * training is not what they are for. So a site.yaml without the setting still states all three.
 */
import type { SiteContent } from '../core/types.ts';
import type { ContentSignals } from '../site/model.ts';
import { readSchema } from './ajv.ts';
import { contentSchemas } from '../core/schema-files.ts';

/** The defaults, as the schema states them. */
export const CONTENT_SIGNAL_DEFAULTS: ContentSignals = (
  readSchema(contentSchemas.site) as { properties: { content_signals: { default: ContentSignals } } }
).properties.content_signals.default;

export function contentSignals(written: SiteContent['content_signals'] = {}): ContentSignals {
  return { ...CONTENT_SIGNAL_DEFAULTS, ...written };
}
