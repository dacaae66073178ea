/** `/bundles/<slug>`, a bundle's page, with its twins `.md` and `.json`. */
import type { Bundle } from '../../../../../core/types.ts';
import { jsonTwinFile, pageName, SECTION } from '../../../../../core/page-paths.ts';
import { pageRef } from '../../page-ref.ts';
import type { PageRef } from '../../page-ref.ts';

export const bundleRef = (baseUrl: string, bundle: Bundle): PageRef =>
  pageRef(baseUrl, 'bundle', pageName(SECTION.bundle, bundle.slug), {
    jsonPath: `/${jsonTwinFile(SECTION.bundle, bundle.slug)}`,
    title: bundle.title,
    description: bundle.blurb,
  });
