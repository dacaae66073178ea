/**
 * Runs a TypeScript entry point from one precompiled JavaScript bundle, rebuilt only when a file it
 * was made from changed: `node scripts/bundled.mjs scripts/build.ts [args…]` is `npm run build`.
 *
 * Why: through tsx, every one of the build's 900 modules is resolved, read and compiled on each run,
 * about 0.7 s before the build starts, more than a warm build's own work. A bundle is one file, and
 * V8's compile cache (kept beside it) spares parsing and compiling it again.
 *
 * Never stale: the bundle is kept with the stamp (inode, size, modification and change time: no
 * write leaves all four as they were) of every file esbuild read to make it, project sources and
 * packages alike, and every run compares them all (a few milliseconds of `stat`) before using it.
 * Any difference, a file gone or another Node major makes a new bundle.
 *
 * The bundle's own record of which project module imports which is kept beside it and handed to
 * the build (build/code.ts reads it from the global that build/import-graph.json names), so the
 * build knows its code by the modules' imports without resolving them again.
 *
 * Plain JavaScript, typed by bundled.d.mts: Node's own TypeScript stripping would cost this
 * launcher some 150 ms of loading on every run, a third of a warm build.
 */
import { createHash } from 'node:crypto';
import { enableCompileCache } from 'node:module';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import importGraph from '../build/import-graph.json' with { type: 'json' };

/** Bumped when the bundle's options or the memo's layout change. */
const BUNDLE_FORMAT = 2;

/** @param {string} path @returns {string | undefined} */
const stampOf = (path) => {
  try {
    const stat = statSync(path, { bigint: true });
    return `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
  } catch {
    return undefined;
  }
};

const nodeMajor = () => process.versions.node.split('.')[0];

/** Packages that find files of their own at run time (esbuild its binary), so stay unbundled. */
const UNBUNDLED = ['esbuild'];

/** One memo per entry of each project (copies of a project may share node_modules and its cache).
 * @param {string} entry @param {import('./bundled.d.mts').BundleOptions} options */
const memoFileOf = (entry, options) =>
  join(options.bundleDir, `${basename(entry)}-${createHash('sha256').update(resolve(entry)).digest('hex').slice(0, 12)}.json`);

/** @type {typeof import('./bundled.d.mts').currentBundle} */
export function currentBundle(entry, options) {
  let memo;
  try {
    memo = JSON.parse(readFileSync(memoFileOf(resolve(entry), options), 'utf8'));
  } catch {
    return undefined;
  }
  if (memo.format !== BUNDLE_FORMAT || memo.node !== nodeMajor()) return undefined;
  for (const [input, stamp] of Object.entries(memo.stamps)) {
    if (stampOf(join(options.projectRoot, input)) !== stamp) return undefined;
  }
  const file = join(options.bundleDir, memo.folder, memo.file);
  if (stampOf(file) === undefined) return undefined;
  lastImports = memo.imports;
  return file;
}

/** The import graph of the bundle currentBundle or makeBundle found last. @type {Record<string, string[]> | undefined} */
let lastImports;

/** @type {typeof import('./bundled.d.mts').bundledEntry} */
export async function bundledEntry(entry, options) {
  return currentBundle(entry, options) ?? (await makeBundle(resolve(entry), options));
}

/** @param {string} entry @param {import('./bundled.d.mts').BundleOptions} options @returns {Promise<string>} */
async function makeBundle(entry, options) {
  const esbuild = await import('esbuild');
  const { projectRoot, bundleDir } = options;
  const name = basename(entry).replace(/\.[cm]?tsx?$/, '');
  // A folder per bundle (esbuild may split off chunks), named so that two runs never write the same.
  const folder = `${name}-${process.pid}-${Date.now().toString(36)}`;
  const outdir = join(bundleDir, folder);
  const result = await esbuild.build({
    absWorkingDir: projectRoot,
    entryPoints: { [name]: entry },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${nodeMajor()}`,
    outExtension: { '.js': '.mjs' },
    external: UNBUNDLED,
    metafile: true,
    // Beside the bundle, unreferenced: what `npm run bench` traces a profile's samples back to packages with.
    sourcemap: 'external',
    logLevel: 'error',
    // Some dependencies are CommonJS that require Node's built-ins.
    banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);" },
    plugins: [ownModuleUrls(esbuild, projectRoot)],
  });
  mkdirSync(bundleDir, { recursive: true });
  /** @type {Record<string, string>} */
  const stamps = {};
  /** Each project module (not a package's) with the project modules it imports. @type {Record<string, string[]>} */
  const imports = {};
  const own = (input) => relative(projectRoot, resolve(projectRoot, input.replace(/^[a-z-]+:/, ''))).split(sep).join('/');
  for (const [input, { imports: imported }] of Object.entries(result.metafile.inputs)) {
    const path = resolve(projectRoot, input.replace(/^[a-z-]+:/, ''));
    const stamp = stampOf(path);
    if (stamp !== undefined) stamps[relative(projectRoot, path).split(sep).join('/')] = stamp;
    if (!input.startsWith('node_modules/')) imports[own(input)] = imported.filter((each) => !each.external && !each.path.startsWith('node_modules/')).map((each) => own(each.path));
  }
  const memo = { format: BUNDLE_FORMAT, node: nodeMajor(), folder, file: `${name}.mjs`, stamps, imports };
  lastImports = imports;
  const memoFile = memoFileOf(entry, options);
  const temporary = `${memoFile}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(memo));
  renameSync(temporary, memoFile);
  removeOlderBundles(bundleDir, name, folder);
  return join(outdir, memo.file);
}

/** Other bundles of this entry, but for those made in the last minute: a run that found one of
 * them current may be about to import it (a bundle is one file, read whole when imported, so a
 * run already under way does not need it any more).
 * @param {string} bundleDir @param {string} name @param {string} keep */
function removeOlderBundles(bundleDir, name, keep) {
  const minuteAgo = Date.now() - 60_000;
  for (const other of readdirSync(bundleDir)) {
    if (other === keep || !other.startsWith(`${name}-`) || other.endsWith('.json')) continue;
    const path = join(bundleDir, other);
    try {
      if (statSync(path).mtimeMs < minuteAgo) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed by another build meanwhile.
    }
  }
}

/**
 * Each project module keeps its own `import.meta.url` in the bundle: the build finds its schemas,
 * assets and workers relative to its sources, not to wherever the bundle lies. Replaced in the
 * syntax tree (esbuild's `define`), so a string that mentions `import.meta.url` stays as written.
 * @param {typeof import('esbuild')} esbuild @param {string} projectRoot @returns {import('esbuild').Plugin}
 */
function ownModuleUrls(esbuild, projectRoot) {
  const modules = join(projectRoot, 'node_modules');
  return {
    name: 'own-module-urls',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?tsx?$/ }, (args) => {
        if (args.path.startsWith(modules)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta')) return undefined;
        const { code } = esbuild.transformSync(source, {
          loader: 'ts',
          format: 'esm',
          sourcefile: args.path,
          sourcemap: 'inline',
          define: {
            'import.meta.url': JSON.stringify(pathToFileURL(args.path).href),
            'import.meta.dirname': JSON.stringify(dirname(args.path)),
            'import.meta.filename': JSON.stringify(args.path),
          },
        });
        return { contents: code, loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where `npm run build` keeps its bundle, with the project's other caches. */
export const BUNDLE_DIR = join(PROJECT_ROOT, 'node_modules/.cache/skill-catalogue-entry');

if (import.meta.main) {
  const [entry, ...args] = process.argv.slice(2);
  if (!entry) {
    console.error('usage: node scripts/bundled.mjs <entry.ts> [arguments…]');
    process.exit(2);
  }
  mkdirSync(BUNDLE_DIR, { recursive: true });
  // V8's compiled code for the bundle, kept on disk: the next run skips parsing and compiling it.
  enableCompileCache(join(BUNDLE_DIR, 'v8'));
  const file = await bundledEntry(resolve(PROJECT_ROOT, entry), { projectRoot: PROJECT_ROOT, bundleDir: BUNDLE_DIR });
  globalThis[Symbol.for(importGraph.global)] = lastImports;
  // The entry reads its own arguments (process.argv.slice(2)) as if it had been started itself.
  process.argv.splice(1, process.argv.length - 1, file, ...args);
  await import(pathToFileURL(file).href);
}
