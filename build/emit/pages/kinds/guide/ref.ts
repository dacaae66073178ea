/** `/docs/<name>`, a page of prose, with its twins `.md` and `.json`. */
import { pageRef } from '../../page-ref.ts';
import type { DocRef, PageRef } from '../../page-ref.ts';

export const docRef = (baseUrl: string, doc: DocRef): PageRef =>
  pageRef(baseUrl, 'guide', doc.path, { jsonPath: `/${doc.path}.json`, title: doc.title, description: doc.description });
