/** The token estimate of a twin: the rule, the twin stating its own count, and reading it back as
 * the Edge Function does, from a streamed body. */
import { describe, expect, it } from 'vitest';
import { CHARACTERS_PER_TOKEN, estimateTokens, FRONT_MATTER_READ_LIMIT, peekTokens, selfCountingTokens, tokensOfTwin } from './markdown-tokens.ts';

const twin = (tokens: number | string, rest = '# A skill\n') => `---\ntitle: A skill\ndescription: "tokens: 5"\ntokens: ${tokens}\n---\n\n${rest}`;

function streamOf(text: string, chunk: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
  return { stream, pulled: () => at };
}

describe('estimateTokens', () => {
  it('counts one token per four characters, rounding up', () => {
    expect(CHARACTERS_PER_TOKEN).toBe(4);
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('a')).toBe(1);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('abcde')).toBe(2);
  });

  it('counts characters, not UTF-16 units: an emoji is one character', () => {
    expect(estimateTokens('😀😀😀😀')).toBe(1);
    expect(estimateTokens('é'.repeat(8))).toBe(2);
  });
});

describe('selfCountingTokens', () => {
  it('gives a document whose stated count is its own estimate, its number included', () => {
    for (const size of [0, 1, 30, 399, 400, 401, 3_990, 39_990, 123_456]) {
      // A body with a character outside the BMP (two code units, one code point).
      const body = `😀${'x'.repeat(size)}`;
      const [before, after] = twin('\0', body).split('tokens: \0\n');
      const { tokens, text } = selfCountingTokens(before, (n) => `tokens: ${n}\n`, after);
      expect(text).toBe(twin(tokens, body));
      expect(estimateTokens(text), `${size}`).toBe(tokens);
    }
  });
});

describe('tokensOfTwin', () => {
  it('reads the key of the front matter, not a value that says "tokens:"', () => {
    expect(tokensOfTwin(twin(1234))).toBe(1234);
  });

  it('is undefined without the key, without front matter, or before the front matter closes', () => {
    expect(tokensOfTwin('---\ntitle: A\n---\n\n# A\n')).toBeUndefined();
    expect(tokensOfTwin('# A\n\ntokens: 12\n')).toBeUndefined();
    expect(tokensOfTwin('---\ntitle: A\ntokens: 12\n')).toBeUndefined();
    expect(tokensOfTwin(twin('twelve'))).toBeUndefined();
  });

  it('ignores a "tokens:" line of the body', () => {
    expect(tokensOfTwin('---\ntitle: A\n---\n\ntokens: 12\n')).toBeUndefined();
  });
});

describe('peekTokens', () => {
  it('reads the estimate from a body in small chunks and hands on every byte, in order', async () => {
    const text = twin(77, 'A paragraph.\n'.repeat(500));
    const { stream, pulled } = streamOf(text, 5);
    const { tokens, body } = await peekTokens(stream);
    expect(tokens).toBe(77);
    expect(pulled()).toBeLessThan(text.length / 10);
    expect(await new Response(body).text()).toBe(text);
  });

  it('holds a multi-byte character split between chunks intact', async () => {
    const text = twin(9, 'Ünïcödé… 😀\n'.repeat(20));
    const { tokens, body } = await peekTokens(streamOf(text, 3).stream);
    expect(tokens).toBe(9);
    expect(await new Response(body).text()).toBe(text);
  });

  it('stops looking past the read limit, or at once when the body has no front matter', async () => {
    const endless = `---\ntitle: ${'x'.repeat(FRONT_MATTER_READ_LIMIT * 2)}\n`;
    const long = streamOf(endless, 1024);
    const found = await peekTokens(long.stream);
    expect(found.tokens).toBeUndefined();
    expect(long.pulled()).toBeLessThanOrEqual(FRONT_MATTER_READ_LIMIT + 1024);
    expect(await new Response(found.body).text()).toBe(endless);

    const plain = streamOf('# No front matter\n'.repeat(100), 4);
    const none = await peekTokens(plain.stream);
    expect(none.tokens).toBeUndefined();
    // A chunk or two (the stream reads ahead by its queue), never the body.
    expect(plain.pulled()).toBeLessThan(100);
    expect(await new Response(none.body).text()).toBe('# No front matter\n'.repeat(100));
  });

  it('answers an empty body', async () => {
    const { tokens, body } = await peekTokens(streamOf('', 4).stream);
    expect(tokens).toBeUndefined();
    expect(await new Response(body).text()).toBe('');
  });
});
