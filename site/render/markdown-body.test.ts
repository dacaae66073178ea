import { describe, expect, it } from 'vitest';
import { renderBody } from './markdown-body.ts';

describe('renderBody', () => {
  it('puts every code block and table in the tab order, so that the keyboard can scroll one that overflows', () => {
    const { html } = renderBody([
      '```sh', 'npm ci', '```', '', '    indented code', '',
      '| a | b |', '| - | - |', '| 1 | 2 |', '',
      'Text naming `<pre>` and `<table>`, and raw <pre>HTML</pre>.', '',
    ].join('\n'));
    expect(html.match(/<pre\b[^>]*>/g)).toEqual(['<pre tabindex="0">', '<pre tabindex="0">']);
    expect(html.match(/<table\b[^>]*>/g)).toEqual(['<table tabindex="0">']);
    expect(html).toContain('<code>&lt;pre&gt;</code>');
  });
});
