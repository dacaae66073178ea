/**
 * `npm run api-examples`: builds the sample content, serves it with `netlify dev --offline`, runs
 * the curl examples against it and writes what came back (status line, headers, body) into
 * docs/api-examples.md between its api-examples markers. The local address is shown as the canonical
 * one; headers only the local server adds (request ids, dates) are left out; long bodies are cut.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { build, DEFAULT_CACHE_DIR, PROJECT_ROOT } from '../build/index.ts';
import { startNetlifyDev } from '../test/setup/netlify-dev.ts';
import { writeMarkedSection } from './marked-section.ts';

const LOCAL_ONLY = /^(date|x-nf-[a-z-]+|x-powered-by|connection|keep-alive|transfer-encoding|server|age|content-length):/i;
const BODY_LIMIT = 420;

const { model } = await build({ cacheDir: DEFAULT_CACHE_DIR });
const base = model.stamp.baseUrl;
const someSkill = model.skills[0].skill.slug;
const server = await startNetlifyDev();
try {
  const run = (args: string[]) => execFileSync('curl', ['-si', ...args.map((arg) => arg.replace('{base}', server.url))], { encoding: 'utf8' });
  const etagOf = (reply: string) => /^etag: (.*)$/im.exec(reply)?.[1].trim() ?? '';
  const query = '{base}/catalog.json?cluster=pricing&sort=price&limit=2';
  const examples: [string, string[]][] = [
    ['The build version, as body and headers', ['{base}/version.json']],
    ['A filtered catalogue (short form `sort=price`, echoed as `price_asc`)', [query]],
  ];
  const filtered = run([query]);
  examples.push(
    ['The same, revalidated with its ETag', [query, '-H', `If-None-Match: ${etagOf(filtered)}`]],
    ['An unknown value: 400, naming the parameter', ['{base}/catalog.json?sort=cheapest']],
    ['An unknown slug under /v1: 404, with the nearest one', [`{base}/v1/skills/${someSkill.slice(0, -1)}.json`]],
    ['A CORS preflight', ['-X', 'OPTIONS', '{base}/catalog.json', '-H', 'Origin: https://example.com', '-H', 'Access-Control-Request-Method: GET', '-H', 'Access-Control-Request-Headers: if-none-match']],
    ['The payment check, with no Stripe key configured locally', ['{base}/api/public/health/payment']],
  );
  const blocks = examples.map(([title, args]) => {
    const reply = run(args).replace(/\r/g, '');
    const [head, ...rest] = reply.split('\n\n');
    const headers = head.split('\n').filter((line) => !LOCAL_ONLY.test(line));
    const body = rest.join('\n\n').trim();
    const shown = body.length > BODY_LIMIT ? `${body.slice(0, BODY_LIMIT)}…` : body;
    const command = ['curl', '-si', ...args.map((arg) => (/[\s?&"*]/.test(arg) ? `'${arg}'` : arg))].join(' ').replace('{base}', base);
    return `${title}:\n\n\`\`\`console\n$ ${command}\n${headers.join('\n')}\n${shown ? `\n${shown}\n` : ''}\`\`\``;
  });
  const section = `Taken from a real run of \`npm run api-examples\` (${new Date().toISOString().slice(0, 10)}, \`netlify dev --offline\` on the sample content; local-only headers such as dates and request ids left out, long bodies cut).\n\n${blocks.join('\n\n')}\n`;
  writeMarkedSection(join(PROJECT_ROOT, 'docs/api-examples.md'), 'api-examples', section);
  console.log(section);
} finally {
  await server.stop();
}
