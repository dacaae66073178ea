/**
 * How many tokens a Markdown twin costs an agent, estimated once at build time and written into the
 * twin's front matter (`tokens`), so a client can budget its context before it reads the body, and
 * the Markdown negotiation can answer it as `x-markdown-tokens` without parsing YAML.
 *
 * The estimate is the rule of thumb OpenAI documents and most llms.txt tools use: about four
 * characters per token of English text. Exact counts belong to one model's tokenizer each, and
 * shipping one (megabytes of vocabulary) to the build and the edge for an estimate would not pay:
 * on the sample twins, four characters per token lands within −8 % and +11 % of o200k_base and
 * cl100k_base on each twin, and within 2 % over all of them (test/pages/twin-tokens.test.ts measures
 * it against gpt-tokenizer).
 *
 * Web-standard only (no `node:` imports): the Edge Function runs it under Deno.
 */

/** The front matter key that holds the estimate. */
export const TOKENS_KEY = 'tokens';

/** The response header the Markdown negotiation answers the estimate in. */
export const MARKDOWN_TOKENS_HEADER = 'x-markdown-tokens';

export const CHARACTERS_PER_TOKEN = 4;

/** Unicode code points, not UTF-16 units: an emoji is one character to a reader and to the rule. */
function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A low surrogate finishes a character its high surrogate already counted.
    if (unit < 0xdc00 || unit > 0xdfff) count++;
  }
  return count;
}

/** The estimated token count of a text: a whole number, at least 1 for any text. */
export function estimateTokens(text: string): number {
  return Math.ceil(codePoints(text) / CHARACTERS_PER_TOKEN);
}

/**
 * The estimate for a document that states its own estimate: `before`, then `statement(n)` saying n,
 * then `after`. Writing the number changes the length by its digits, so the count is taken again
 * until it holds (the estimate only grows with its digits, so it settles within a step or two);
 * only the statement is counted again, and the document is put together once.
 */
export function selfCountingTokens(before: string, statement: (tokens: number) => string, after: string): { tokens: number; text: string } {
  // Code points add up across the parts: a low surrogate is left out wherever it stands.
  const fixed = codePoints(before) + codePoints(after);
  let tokens = 0;
  for (;;) {
    const line = statement(tokens);
    const counted = Math.ceil((fixed + codePoints(line)) / CHARACTERS_PER_TOKEN);
    if (counted === tokens) return { tokens, text: `${before}${line}${after}` };
    tokens = counted;
  }
}

/** How far into a twin its front matter may reach to be read at the edge: titles and descriptions
 * are bounded one-line texts, so a front matter is well under this. */
export const FRONT_MATTER_READ_LIMIT = 16 * 1024;

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;
const TOKENS_LINE = new RegExp(`^${TOKENS_KEY}: ([0-9]{1,12})\\r?$`, 'm');

/**
 * The estimate a twin states in its front matter, read from its first lines without a YAML
 * parser: a line of a block mapping that starts at the first column is a key (values of one line
 * stay on their line, block scalars are indented), so `tokens: <digits>` there can only be the
 * key. Undefined when the text holds no closed front matter with the key.
 */
export function tokensOfTwin(text: string): number | undefined {
  const matter = FRONT_MATTER.exec(text)?.[1];
  const digits = matter === undefined ? undefined : TOKENS_LINE.exec(matter)?.[1];
  return digits === undefined ? undefined : Number(digits);
}

/** Whether `text` (the start of a twin) already holds its whole front matter, or never will. */
export function frontMatterSettled(text: string): boolean {
  return FRONT_MATTER.test(text) || !'---'.startsWith(text.slice(0, 3)) || text.length >= FRONT_MATTER_READ_LIMIT;
}

/**
 * The estimate a twin's body states, read as the body streams: only the chunks up to the end of
 * its front matter are held, then handed on ahead of the rest, so the answer still streams and
 * nothing past the front matter is read early.
 */
export async function peekTokens(body: ReadableStream<Uint8Array>): Promise<{ tokens: number | undefined; body: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const held: Uint8Array[] = [];
  let text = '';
  let done = false;
  while (!done && !frontMatterSettled(text)) {
    const next = await reader.read();
    done = next.done;
    if (next.value) {
      held.push(next.value);
      text += decoder.decode(next.value, { stream: true });
    }
  }
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of held) controller.enqueue(chunk);
      if (done) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { tokens: tokensOfTwin(text), body: rest };
}
