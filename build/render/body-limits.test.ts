/** The body limits: exact at their edges, and their measures bounds of what the real parser makes. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import type { Nodes } from 'mdast';
import { BODY_LIMITS, bodyLimitProblems, measureBody } from './body-limits.ts';
import { renderBody } from './markdown-body.ts';

const parser = unified().use(remarkParse).use(remarkGfm);

/** How deep the parsed tree nests containers (quotes, list items, footnotes) and emphasis. */
function parsedDepth(node: Nodes, blocks = 0, inline = 0): { blocks: number; inline: number } {
  const isBlock = node.type === 'blockquote' || node.type === 'listItem' || node.type === 'footnoteDefinition';
  const isInline = node.type === 'emphasis' || node.type === 'strong' || node.type === 'delete';
  const here = { blocks: blocks + (isBlock ? 1 : 0), inline: inline + (isInline ? 1 : 0) };
  if (!('children' in node)) return here;
  return node.children.reduce((deepest, child) => {
    const found = parsedDepth(child, here.blocks, here.inline);
    return { blocks: Math.max(deepest.blocks, found.blocks), inline: Math.max(deepest.inline, found.inline) };
  }, here);
}

const limitsOf = (body: string) => bodyLimitProblems(body).map((problem) => problem.expected.split(' (')[0]);

describe('body limits at their edges', () => {
  it('counts bytes, not characters', () => {
    expect(bodyLimitProblems('é'.repeat(BODY_LIMITS.bytes / 2))).toEqual([]);
    expect(bodyLimitProblems(`${'é'.repeat(BODY_LIMITS.bytes / 2)}a`)).toEqual([
      { expected: 'a Markdown body of at most 32,768 bytes (move the rest to a page of its own)', got: '32,769 bytes' },
    ]);
  });

  it('allows quotes and lists 32 deep and refuses 33, naming the line', () => {
    expect(bodyLimitProblems(`x\n\n${'> '.repeat(32)}a\n`)).toEqual([]);
    expect(bodyLimitProblems(`x\n\n${'> '.repeat(33)}a\n`)).toEqual([expect.objectContaining({ line: 3, got: '33 levels' })]);
    expect(bodyLimitProblems(`${'- '.repeat(33)}a\n`)).toEqual([expect.objectContaining({ line: 1, got: '33 levels' })]);
    const indented = (levels: number) => Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}- a`).join('\n');
    expect(bodyLimitProblems(indented(32))).toEqual([]);
    expect(bodyLimitProblems(indented(33))).toEqual([expect.objectContaining({ line: 33, got: '33 levels' })]);
  });

  it('allows emphasis 32 deep and refuses 33, and does not count markers that cannot nest', () => {
    expect(bodyLimitProblems(`${'*'.repeat(32)}a${'*'.repeat(32)}`)).toEqual([]);
    expect(limitsOf(`${'*'.repeat(33)}a${'*'.repeat(33)}`)).toEqual(['emphasis nested at most 32 deep within a paragraph']);
    // A rule, a run with nothing to close it, a run between words, snake_case, spaced multiplication.
    for (const harmless of ['*'.repeat(6000), `${'*'.repeat(6000)}a`, `a${'*'.repeat(6000)}a`, 'snake_case_name '.repeat(500), 'a * b '.repeat(900)]) {
      expect(bodyLimitProblems(harmless)).toEqual([]);
    }
  });

  it('counts underlined headings, resumed quotes, scanned characters, list items, table cells and footnotes up to their limits', () => {
    expect(bodyLimitProblems('a\n===\n\n'.repeat(200))).toEqual([]);
    expect(limitsOf('a\n===\n\n'.repeat(201))).toEqual(['at most 200 headings underlined with === or ---']);
    expect(bodyLimitProblems('> a\nb\n'.repeat(200))).toEqual([]);
    expect(limitsOf('> a\nb\n'.repeat(202))).toEqual(['at most 200 quotes that begin right below a line of text']);
    expect(bodyLimitProblems('a] '.repeat(1000))).toEqual([]);
    expect(limitsOf('a] '.repeat(1001))).toEqual(['at most 1,000 of [ ] < and closing * _ ~ in one paragraph']);
    expect(bodyLimitProblems('a] '.repeat(1000).concat('\n\n', 'a] '.repeat(1000)))).toEqual([]);
    expect(bodyLimitProblems('- a\n'.repeat(2000))).toEqual([]);
    expect(limitsOf('- a\n'.repeat(2001))).toEqual(['at most 2,000 list items']);
    const table = (rows: number) => `|a|b|\n|-|-|\n${'|c|d|\n'.repeat(rows)}`;
    expect(bodyLimitProblems(table(1000))).toEqual([]);
    expect(limitsOf(table(1001))).toEqual(['tables of at most 2,000 cells']);
    expect(bodyLimitProblems('[^a]\n\n'.repeat(1000))).toEqual([]);
    expect(limitsOf('[^a]\n\n'.repeat(1001))).toEqual(['at most 1,000 footnote references']);
  });
});

/** Markdown made of the characters that open and close things, in every order. */
const markdownish = fc
  .array(fc.constantFrom('>', ' ', '  ', '\t', '-', '+', '*', '_', '~', '1.', '1)', '[', ']', '(', ')', '^', ':', '`', '<', '!', '#', '=', '|', 'a', 'b ', '\n', '\n\n', '    ', '[^1]: ', '***', '__', '~~'), { maxLength: 120 })
  .map((parts) => parts.join(''));

describe('what the limits measure', () => {
  it('is never less than the nesting the real parser builds', () => {
    fc.assert(
      fc.property(markdownish, (body) => {
        const measured = measureBody(body);
        const parsed = parsedDepth(parser.parse(body));
        expect(measured.blockDepth.value).toBeGreaterThanOrEqual(parsed.blocks);
        expect(measured.inlineDepth.value).toBeGreaterThanOrEqual(parsed.inline);
      }),
      { numRuns: 3000 },
    );
  });

  it('lets through only bodies the renderer renders', () => {
    fc.assert(
      fc.property(markdownish, (body) => {
        if (bodyLimitProblems(body).length === 0) expect(() => renderBody(body)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});
