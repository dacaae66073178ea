/**
 * `/admin/`: the content editor (Decap CMS), for editors who do not use git. Everything it loads
 * comes from this deploy: Decap's prebuilt bundle copied from node_modules (the pinned npm package,
 * never a CDN) into a folder named after its version, so an upgrade is a new URL; `config.yml`
 * generated from the content schemas (admin-config.ts); and the editor's own script, bundled here
 * with esbuild from admin-editor.ts, which carries the site's page template for the preview.
 *
 * The page is `noindex` (a meta tag here, `X-Robots-Tag` from the header module), and nothing of it
 * is listed in the sitemap, llms.txt or the catalogue: those list the model's pages only.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { h } from 'hastscript';
import { toHtml } from 'hast-util-to-html';
import { readSchema } from '../ajv.ts';
import { resolveRef } from '../schema-lookup.ts';
import { ADMIN_CONTENT, ADMIN_DIR, ADMIN_SETTINGS, adminConfig, dereference, LOCAL_BACKEND_PATH } from '../../site/admin-config.ts';
import { toYaml } from '../../site/admin-format.ts';
import { EDITOR_DATA_ID } from './admin-editor.ts';
import type { EditorPayload } from './admin-editor.ts';
import { writeFileAtomically } from '../atomic-file.ts';
import { codeDigests } from '../code.ts';
import { ITEM_BODY_HEADING } from '../../site/pages/kind.ts';
import type { OutputFile } from '../../site/types.ts';
import type { PageFrame } from '../../site/pages/frame.ts';
import type { CatalogueModel } from '../../site/model.ts';

const require = createRequire(import.meta.url);
const PROJECT = fileURLToPath(new URL('../..', import.meta.url));
const decapDist = dirname(require.resolve('decap-cms/dist/decap-cms.js'));
export const DECAP_VERSION = (JSON.parse(readFileSync(join(decapDist, '../package.json'), 'utf8')) as { version: string }).version;
/** Decap's files under /admin/: its entry script and the chunks and WebAssembly it loads from beside itself. */
export const DECAP_FOLDER = `${ADMIN_DIR}/decap-cms-${DECAP_VERSION}`;

/** Decap's entry and everything it may load at run time (webpack chunks `<n>.decap-cms.js`, `.wasm`),
 * without source maps or the second build (`cms.js`) the package also ships. */
let decapCopy: OutputFile[] | undefined;

function decapFiles(): OutputFile[] {
  // Read once per process: the package does not change under a running build (npm run dev keeps
  // one process for many builds).
  decapCopy ??= readdirSync(decapDist)
    .filter((name) => name === 'decap-cms.js' || /^\d+\.decap-cms\.js$/.test(name) || name.endsWith('.wasm'))
    .sort()
    .map((name) => ({ path: `${DECAP_FOLDER}/${name}`, bytes: readFileSync(join(decapDist, name)) }));
  return decapCopy;
}

const NODE_STUB = fileURLToPath(new URL('./admin-node-stub.cjs', import.meta.url));
const NODE_BUILT_INS = builtinModules.flatMap((name) => [name, `node:${name}`]);

const EDITOR_BUNDLES = fileURLToPath(new URL('../../node_modules/.cache/skill-catalogue-admin/', import.meta.url));

/**
 * The editor's script: admin-editor.ts and what it imports, for browsers. It is code only (the
 * page carries the build's data), so it is bundled once per version of that code, `codeVersion`
 * (build/code.ts), and kept on disk between builds, as the render workers' bundle is.
 */
function editorScript(codeVersion: string | undefined): Buffer {
  const file = codeVersion ? join(EDITOR_BUNDLES, `editor-${codeVersion}.js`) : undefined;
  if (file && existsSync(file)) return readFileSync(file);
  const bytes = bundleEditor();
  if (file) {
    mkdirSync(EDITOR_BUNDLES, { recursive: true });
    for (const other of readdirSync(EDITOR_BUNDLES)) rmSync(join(EDITOR_BUNDLES, other), { force: true });
    writeFileAtomically(file, bytes);
  }
  return bytes;
}

function bundleEditor(): Buffer {
  const entry = fileURLToPath(new URL('./admin-editor.ts', import.meta.url));
  const result = buildSync({
    stdin: { contents: `import { startFromPage } from ${JSON.stringify(entry)};\nstartFromPage();\n`, resolveDir: dirname(entry), loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    legalComments: 'none',
    // The page template's modules import a few Node built-ins for what the build does with them
    // (content dates from git); the preview never calls those, so an empty module stands in.
    alias: Object.fromEntries(NODE_BUILT_INS.map((name) => [name, NODE_STUB])),
    logLevel: 'silent',
  });
  return Buffer.from(result.outputFiles[0].contents);
}

/** JSON as the text of a `<script>` element: `<` escaped, so no `</script>` can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

function adminPage(editorHref: string, siteName: string, iconHref: string, payload: EditorPayload): string {
  const tree = {
    type: 'root' as const,
    children: [
      { type: 'doctype' as const },
      h('html', { lang: 'en' }, [
        h('head', [
          h('meta', { charset: 'utf-8' }),
          h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
          h('meta', { name: 'robots', content: 'noindex' }),
          h('title', `Content editor · ${siteName}`),
          h('link', { rel: 'icon', type: 'image/svg+xml', href: iconHref }),
          // The editor's script first: it asks Decap to wait (CMS_MANUAL_INIT) until its formats
          // and preview are registered.
          h('script', { type: 'application/json', id: EDITOR_DATA_ID }, scriptJson(payload)),
          h('script', { src: editorHref }),
          h('script', { src: `/${DECAP_FOLDER}/decap-cms.js` }),
        ]),
        h('body'),
      ]),
    ],
  };
  return `${toHtml(tree, { upperDoctype: true })}\n`;
}

/** The version of the editor script's code: what admin-editor.ts imports (build/code.ts). */
const editorCodeVersion = (): string => codeDigests(PROJECT, [['build/emit/admin-editor.ts']])[0];

let cachedScript: { key: string | undefined; bytes: Buffer } | undefined;

/** The schemas as the editor's formats check them: they change only with the code, so once per process. */
let formats: EditorPayload['formats'] | undefined;
function editorFormats(): EditorPayload['formats'] {
  formats ??= {
    ...Object.fromEntries(Object.values(ADMIN_CONTENT).map((content) => [content.format, { kind: 'frontmatter' as const, schema: dereference(readSchema(content.schema), resolveRef) }])),
    ...Object.fromEntries(Object.values(ADMIN_SETTINGS).map((settings) => [settings.format, {
      kind: 'yaml' as const, schema: dereference(readSchema(settings.schema), resolveRef), ...('root' in settings ? { root: settings.root } : {}),
    }])),
  };
  return formats;
}

/** config.yml's text for these settings, made again only when they change (npm run dev builds on every save). */
let lastConfig: { key: string; text: string } | undefined;
function configText(settings: Omit<Parameters<typeof adminConfig>[0], 'readSchema'>): string {
  const key = JSON.stringify(settings);
  if (lastConfig?.key !== key) {
    const config = adminConfig({ readSchema, ...settings });
    lastConfig = { key, text: `# Generated by the build from schema/content (site/admin-config.ts); edit the schemas, not this file.\n${toYaml(config)}` };
  }
  return lastConfig.text;
}

/** What the editor is made of besides the code and the schemas. */
export type AdminInput = Pick<CatalogueModel, 'repository' | 'site' | 'clusters'>;

/** What config.yml is made of besides the schemas: the repository, branch, site and cluster labels. */
function adminSettings(model: AdminInput) {
  return {
    repo: model.repository.repo,
    branch: model.repository.branch,
    siteUrl: model.site.baseUrl,
    clusterLabels: Object.fromEntries(model.clusters.map((cluster) => [cluster.id, cluster.label])),
  };
}

/** The editor: its settings, and the pages' frame (its preview draws a skill page in it). */
export function emitAdmin(model: AdminInput, frame: PageFrame): OutputFile[] {
  const config = configText(adminSettings(model));
  const formats = editorFormats();
  const payload: EditorPayload = { formats, frame, bodyHeading: ITEM_BODY_HEADING, localBackendPath: LOCAL_BACKEND_PATH };
  // Once per process (the tests build many times), and once per code version on disk.
  const codeVersion = editorCodeVersion();
  if (!cachedScript || cachedScript.key !== codeVersion) cachedScript = { key: codeVersion, bytes: editorScript(codeVersion) };
  const script = cachedScript.bytes;
  const editorFile = `${ADMIN_DIR}/editor.${createHash('sha256').update(script).digest('hex').slice(0, 10)}.js`;
  return [
    { path: `${ADMIN_DIR}/index.html`, bytes: adminPage(`/${editorFile}`, model.site.name, payload.frame.assets.icon.href, payload) },
    { path: `${ADMIN_DIR}/config.yml`, bytes: config },
    { path: editorFile, bytes: script },
    ...decapFiles(),
  ];
}
