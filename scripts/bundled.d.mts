/** Types of scripts/bundled.mjs, the build's bundled entry (plain JavaScript: it starts every build). */
export interface BundleOptions {
  /** The project whose `node_modules` resolves the packages. */
  projectRoot: string;
  /** Where bundles and their memos are kept. */
  bundleDir: string;
}

/** The bundle of `entry` if it is current: every input as it was when it was made. */
export function currentBundle(entry: string, options: BundleOptions): string | undefined;

/** The entry's bundle: the current one, or a new one made now. */
export function bundledEntry(entry: string, options: BundleOptions): Promise<string>;

export const PROJECT_ROOT: string;
export const BUNDLE_DIR: string;
