/** The Markdown twin of a prose page: its title, description and body, as Markdown. */
import type { PageFrame } from '../../frame.ts';
import type { DocPage } from '../../inputs.ts';
import { docRef } from './ref.ts';
import { frontMatter, twinDocument } from '../../../markdown/document.ts';
import { heading, paragraph } from '../../../markdown/mdast.ts';

export function docTwin(frame: PageFrame, doc: DocPage): string {
  return twinDocument(frontMatter(frame, docRef(frame.site.baseUrl, doc)), [heading(1, doc.title), paragraph(doc.description)], doc.body);
}
