/** The banner at the top of a draft's page in a preview: "Draft", and what that means here. */
import { h } from 'hastscript';
import type { Element } from 'hast';
import { DRAFT_LABEL, DRAFT_NOTE } from '../draft-note.ts';

export function draftBanner(): Element {
  // role=status: a screen reader announces it with the page, as the eye sees it first.
  return h('p.draft-banner', { role: 'status' }, [h('strong', DRAFT_LABEL), `: ${DRAFT_NOTE}`]);
}
