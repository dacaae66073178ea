/**
 * The blocks that keep their layout and scroll sideways when wider than the column rather than widen
 * the page (site.css: `pre` and the prose's tables; WCAG 1.4.10). In the tab order, the keyboard can
 * scroll them too, so no part of one needs a pointer (WCAG 2.1.1, axe-core's
 * scrollable-region-focusable). Whether a block scrolls depends on the reader's width and text size,
 * so every one is focusable.
 */
export const SCROLLING_BLOCK_PROPERTIES = { tabIndex: 0 } as const;

/** The opening tags the Markdown compiler writes for such blocks, and the same with the attribute. */
export const SCROLLING_BLOCK_TAGS: ReadonlyMap<string, string> = new Map([
  ['<pre>', '<pre tabindex="0">'],
  ['<table>', '<table tabindex="0">'],
]);
