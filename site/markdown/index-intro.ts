/** What the twins of the folders' index pages share: H1, the page's description, then its facts ending with a link to the JSON twin. */
import type { PageFrame } from '../pages/frame.ts';
import type { PageRef } from '../pages/page-ref.ts';
import { heading, link, paragraph } from './mdast.ts';
import type { Block } from './mdast.ts';

export function indexTwinIntro(frame: PageFrame, page: PageRef, facts: string): Block[] {
  const json = `${frame.site.baseUrl}${page.jsonPath}`;
  return [heading(1, page.title), paragraph(page.description), paragraph(facts, link(json, json))];
}
