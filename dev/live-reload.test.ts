import { describe, expect, it } from 'vitest';
import { DEV_PATHS, errorPage, withLiveReload } from './live-reload.ts';

const TAG = `<script src="${DEV_PATHS.script}" defer></script>`;

describe('live reload', () => {
  it('adds its script at the end of the head, once', () => {
    const page = '<!doctype html><html><head><title>x</title></head><body><p>x</p></body></html>';
    const served = withLiveReload(page);
    expect(served).toBe(`<!doctype html><html><head><title>x</title>${TAG}</head><body><p>x</p></body></html>`);
    expect(served.split(TAG)).toHaveLength(2);
  });

  it('adds it at the end of a page without a head', () => {
    expect(withLiveReload('<p>x</p>')).toBe(`<p>x</p>${TAG}`);
  });

  it('the error page shows the message as text, never as markup, and reloads itself', () => {
    const page = errorPage({ kind: 'content', message: '1 content problem:\n  content/skills/a.md:2 title: expected text, got <script>alert(1)</script>' });
    expect(page).toContain('content/skills/a.md:2 title: expected text, got &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert');
    expect(page).toContain('<h1>The content does not build</h1>');
    expect(page).toContain(TAG);
  });
});
