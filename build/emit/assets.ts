/**
 * The site's static assets: the stylesheet and the icon, copied from build/emit/assets/ under a
 * name that carries a hash of their bytes (a changed file is a new URL, so no stale cache can pair a
 * new page with an old stylesheet). The stylesheet is linked with its SRI digest.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { OutputFile } from '../../site/types.ts';
import type { CatalogueModel } from '../../site/model.ts';
import { pageFrame } from '../../site/pages/frame.ts';
import type { PageFrame } from '../../site/pages/frame.ts';

export interface Asset {
  /** Root-relative URL, e.g. `/assets/site.1a2b3c4d.css`. */
  href: string;
  /** Path in dist/. */
  file: string;
  bytes: Buffer;
  /** Subresource Integrity value. */
  integrity: string;
}

const source = (name: string) => readFileSync(new URL(`./assets/${name}`, import.meta.url));

function asset(name: string): Asset {
  const bytes = source(name);
  const dot = name.lastIndexOf('.');
  const hashed = `${name.slice(0, dot)}.${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}${name.slice(dot)}`;
  return {
    href: `/assets/${hashed}`,
    file: `assets/${hashed}`,
    bytes,
    integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
  };
}

let cached: { stylesheet: Asset; icon: Asset; searchScript: Asset } | undefined;

/** Read once per process: the files ship with the code, not with the content. */
export function siteAssets(): { stylesheet: Asset; icon: Asset; searchScript: Asset } {
  // search.js: results as you type in the header's search box and on the search page (a file, since
  // the Content-Security-Policy allows no inline script).
  cached ??= { stylesheet: asset('site.css'), icon: asset('icon.svg'), searchScript: asset('search.js') };
  return cached;
}

export const emitAssets = (): OutputFile[] => Object.values(siteAssets()).map(({ file, bytes }) => ({ path: file, bytes }));

/** The page frame of this build: the model's facts and these assets. */
export const siteFrame = (model: CatalogueModel): PageFrame => pageFrame(model, siteAssets());
