/**
 * The site's functions, loaded in a worker thread and called in-process: each is a Fetch-API
 * handler (`export default (request) => Response`), so a request is passed as its parts and the
 * answer comes back whole. One worker serves one build: the functions read the build's files once
 * per instance (as on Netlify), so after a rebuild dev/functions-host.ts starts a fresh worker.
 *
 * The functions import their build constants from the project's file; for a build into another
 * folder the build wrote them beside it (build/function-constants.ts), and a module hook points
 * the import there, so the functions answer as they would deployed with that folder.
 */
import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { join } from 'node:path';
import { FUNCTION_CONSTANTS_FILE } from '../build/function-constants.ts';

export interface FunctionsWorkerData {
  projectRoot: string;
  functions: { name: string; mainFile: string }[];
  constantsFile: string;
}

export interface FunctionCall {
  id: number;
  name: string;
  method: string;
  url: string;
  headers: [string, string][];
  body?: Uint8Array;
}

export type FunctionAnswer =
  | { id: number; status: number; headers: [string, string][]; body: Uint8Array }
  | { id: number; error: string };

type Handler = (request: Request) => Response | Promise<Response>;

const data = workerData as FunctionsWorkerData;
const projectConstants = pathToFileURL(join(data.projectRoot, FUNCTION_CONSTANTS_FILE)).href;
const buildConstants = pathToFileURL(data.constantsFile).href;
if (buildConstants !== projectConstants) {
  registerHooks({
    resolve(specifier, context, next) {
      const resolved = next(specifier, context);
      return resolved.url === projectConstants ? { ...resolved, url: buildConstants } : resolved;
    },
  });
}

const handlers = new Map<string, Handler>();
for (const { name, mainFile } of data.functions) {
  handlers.set(name, ((await import(pathToFileURL(mainFile).href)) as { default: Handler }).default);
}

parentPort!.on('message', async (call: FunctionCall) => {
  try {
    const handler = handlers.get(call.name);
    if (!handler) throw new Error(`no function named ${call.name}`);
    const request = new Request(call.url, { method: call.method, headers: call.headers, body: call.body && new Uint8Array(call.body) });
    const response = await handler(request);
    const body = new Uint8Array(await response.arrayBuffer());
    const answer: FunctionAnswer = { id: call.id, status: response.status, headers: [...response.headers], body };
    parentPort!.postMessage(answer, [body.buffer]);
  } catch (error) {
    const answer: FunctionAnswer = { id: call.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    parentPort!.postMessage(answer);
  }
});
parentPort!.postMessage('ready');
