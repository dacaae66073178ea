/**
 * The editor's own script, run in the browser before Decap CMS starts (admin.ts bundles it, and
 * the page carries what the build knows as a JSON data block, `EDITOR_DATA_ID`): it registers the file formats that write what the
 * schema wants (admin-format.ts), the skill preview drawn by the site's own page template with the
 * site's stylesheet, and then starts Decap, which reads the generated config.yml beside the page.
 */
import { fromFrontMatterFile, fromYamlFile, toFrontMatterFile, toYamlFile } from '../../site/admin-format.ts';
import type { Schema } from '../../site/admin-format.ts';
import { skillHtml } from '../../site/pages/skill.ts';
import type { PageFrame } from '../../site/pages/frame.ts';
import { renderBody } from '../../site/render/markdown-body.ts';
import { skillOf } from '../skill-of.ts';
import type { ValidContent } from '../validate/index.ts';
import type { Cluster, ClusterId } from '../../core/types.ts';
import { InvariantError } from '../../core/invariant.ts';

/** The id of the page's `<script type="application/json">` holding the EditorPayload: data, not
 * code, so the Content-Security-Policy's script rules do not apply to it, and the script itself
 * stays the same from build to build. */
export const EDITOR_DATA_ID = 'editor-data';

/** Starts the editor with the payload the page carries. */
export function startFromPage(): void {
  const data = document.getElementById(EDITOR_DATA_ID)?.textContent;
  if (!data) throw new InvariantError(`/admin/: the page has no #${EDITOR_DATA_ID} block`);
  start(JSON.parse(data) as EditorPayload);
}

export interface EditorPayload {
  /** Each format's schema, dereferenced, and for a list file the field that holds it. */
  formats: Record<string, { kind: 'frontmatter' | 'yaml'; schema: Schema; root?: string }>;
  /** What the site's pages share, for the preview. */
  frame: PageFrame;
  /** The heading level the site gives an item's body (pages/item-body.ts). */
  bodyHeading: number;
  /** Where `npm run cms` answers for the local proxy server, on the editor's own origin. */
  localBackendPath: string;
}

/** The parts of Decap's global `CMS` this script calls (decap-cms-core's registry). */
interface DecapCms {
  registerCustomFormat(name: string, extension: string, format: { fromFile(content: string): unknown; toFile(data: Record<string, unknown>): string }): void;
  registerPreviewStyle(href: string): void;
  registerPreviewTemplate(collection: string, component: unknown): void;
  /** Reads config.yml beside the page, as Decap does by default, with `config` over it. */
  init(options: { config: { local_backend: { url: string } } }): void;
}

interface ImmutableEntry {
  get(key: 'data'): { toJS(): Record<string, unknown> } | undefined;
  get(key: 'slug'): string | undefined;
}

declare global {
  interface Window {
    CMS_MANUAL_INIT?: boolean;
    CMS?: DecapCms;
    /** React's createElement and create-react-class, which decap-cms.js puts on window for previews. */
    h?: (type: string, props: Record<string, unknown>) => unknown;
    createClass?: (spec: { render(this: { props: { entry: ImmutableEntry } }): unknown }) => unknown;
  }
}

/** A skill as the site would show it, from what the form holds now: missing fields (a new entry)
 * are shown empty rather than refused, since the form, not the preview, says what is missing. */
export function previewSkill(payload: EditorPayload, slug: string, data: Record<string, unknown>): string {
  const { frame } = payload;
  const known = new Set(frame.clusters.map((cluster) => cluster.id));
  const clusters = (Array.isArray(data.clusters) ? data.clusters : []).filter((id): id is ClusterId => known.has(id as ClusterId));
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : []);
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
  const fields = {
    title: text(data.title) ?? 'Untitled skill',
    author: text(data.author) ?? '',
    problem: text(data.problem),
    outcome: text(data.outcome),
    summary: text(data.summary),
    clusters: clusters.length > 0 ? clusters : [frame.clusters[0].id],
    kind: data.kind === 'reference' ? 'reference' : 'command',
    commands: list(data.commands),
    you_get: list(data.you_get),
    wont_do: list(data.wont_do),
    source: null,
    ...(typeof data.price_cents === 'number' ? { price_cents: data.price_cents } : {}),
  } as ValidContent['skills'][number]['fields'];
  const byId = new Map<ClusterId, Cluster>(frame.clusters.map((cluster) => [cluster.id, cluster]));
  const skill = skillOf(slug || 'new-skill', fields, frame.site, byId);
  const body = renderBody(typeof data.body === 'string' ? data.body : '', { topHeading: payload.bodyHeading, footnotePrefix: `${skill.slug}-skill` });
  return skillHtml(frame, { skill, body, bundles: [] });
}

/** The `<body>` of a page's HTML, for the preview pane (which has its own document). */
function bodyOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
}

export function start(payload: EditorPayload): void {
  window.CMS_MANUAL_INIT = true;
  window.addEventListener('DOMContentLoaded', () => {
    const cms = window.CMS;
    if (!cms) throw new InvariantError('/admin/: decap-cms.js did not load before the editor script');
    for (const [name, format] of Object.entries(payload.formats)) {
      cms.registerCustomFormat(name, format.kind === 'frontmatter' ? 'md' : 'yaml', format.kind === 'frontmatter'
        ? { fromFile: fromFrontMatterFile, toFile: (data) => toFrontMatterFile(format.schema, data) }
        : { fromFile: (content) => fromYamlFile(content, format.root), toFile: (data) => toYamlFile(format.schema, data, format.root) });
    }
    cms.registerPreviewStyle(payload.frame.assets.stylesheet.href);
    const { h, createClass } = window;
    if (h && createClass) {
      cms.registerPreviewTemplate('skills', createClass({
        render() {
          const { entry } = this.props;
          const html = previewSkill(payload, entry.get('slug') ?? '', entry.get('data')?.toJS() ?? {});
          return h('div', { className: 'site-preview', dangerouslySetInnerHTML: { __html: bodyOf(html) } });
        },
      }));
    }
    // Decap takes only an absolute URL for the local proxy; on Netlify it never uses it (it does
    // so on localhost and 127.0.0.1 only).
    cms.init({ config: { local_backend: { url: new URL(payload.localBackendPath, window.location.origin).href } } });
  });
}
