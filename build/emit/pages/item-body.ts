/** Where an item's body goes: into a section with an h2 ("About this skill") on the page and in the
 * twin alike, so its own headings start at h3. The pages and the content editor's preview use it. */
export const ITEM_BODY_HEADING = 3;
