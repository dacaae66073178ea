import { unified } from 'unified'; import remarkParse from 'remark-parse'; import remarkGfm from 'remark-gfm';
import { measureBody } from './build/render/body-limits.ts';
const p = unified().use(remarkParse).use(remarkGfm);
for (const b of process.argv.slice(2).map((x) => JSON.parse(x))) { const t = p.parse(b); console.log(JSON.stringify(b), JSON.stringify(measureBody(b).blockDepth), JSON.stringify(t, (k, v) => k === 'position' ? undefined : v)); }
