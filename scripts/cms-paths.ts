/**
 * The editor's backend calls, between the editor and Decap's local proxy server. The editor names
 * files as the repository does (`content/skills/x.md`, the folders of its config.yml, which the
 * deployed editor commits to GitHub with); the proxy server's repository is the editor's own folder
 * (EDITOR_ROOT), where the same file is `skills/x.md`. Every path of a call, read or write, is
 * checked and moved under that folder on the way in, and the paths of the answer back out.
 *
 * A path is refused unless it is a plain relative path inside the folder: no `..` or `.` segment,
 * no empty one, no leading `/`, no backslash, colon, `%` (an encoded name the proxy server would
 * take literally) or control character. Symbolic links are followed on disk by cms-server.ts.
 *
 * Pure: JSON in, JSON out.
 */
import { EDITOR_ROOT } from '../site/admin-config.ts';

type Json = Record<string, unknown>;

/** Where a path sits in a call: the object holding it and its key, with a name for the refusal. */
interface Slot {
  holder: Json;
  key: string;
  name: string;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each object of a list (a list that is not one gives none; the proxy server refuses it). */
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** The slot of `key` in `holder` when it is there. */
function slots(holder: unknown, key: string, name: string): Slot[] {
  if (!isObject(holder) || holder[key] === undefined) return [];
  return [{ holder, key, name }];
}

/** Each item of a list of paths (a list that is not one is checked as one path, and refused). */
function listSlots(holder: unknown, key: string, name: string): Slot[] {
  if (!isObject(holder) || !Array.isArray(holder[key])) return slots(holder, key, name);
  const list = holder[key] as unknown[];
  return list.map((_, index) => ({ holder: list as unknown as Json, key: String(index), name: `${name}[${index}]` }));
}

/**
 * The paths of each call the file-system mode carries out (decap-server's localFs middleware), reads
 * and writes alike. A call it does not carry out is refused here, so no path goes unchecked.
 */
const CALLS: Readonly<Record<string, (params: Json) => Slot[]>> = {
  info: () => [],
  getDeployPreview: () => [],
  entriesByFolder: (params) => slots(params, 'folder', 'folder'),
  entriesByFiles: (params) => objects(params.files).flatMap((file, index) => slots(file, 'path', `files[${index}].path`)),
  getEntry: (params) => slots(params, 'path', 'path'),
  persistEntry: (params) => [
    ...[params.entry].filter(isObject).flatMap((entry) => [...slots(entry, 'path', 'entry.path'), ...slots(entry, 'newPath', 'entry.newPath')]),
    ...objects(params.dataFiles).flatMap((file, index) => [...slots(file, 'path', `dataFiles[${index}].path`), ...slots(file, 'newPath', `dataFiles[${index}].newPath`)]),
    ...objects(params.assets).flatMap((asset, index) => slots(asset, 'path', `assets[${index}].path`)),
  ],
  getMedia: (params) => slots(params, 'mediaFolder', 'mediaFolder'),
  getMediaFile: (params) => slots(params, 'path', 'path'),
  persistMedia: (params) => slots(params.asset, 'path', 'asset.path'),
  deleteFile: (params) => slots(params, 'path', 'path'),
  deleteFiles: (params) => listSlots(params, 'paths', 'paths'),
};

/** What is wrong with a repository path the editor sent, or its path inside EDITOR_ROOT. */
export function insideRoot(path: unknown): { path: string } | { error: string } {
  if (typeof path !== 'string') return { error: 'is not a string' };
  const shown = JSON.stringify(path.slice(0, 200));
  if (/[\\:%\u0000-\u001f\u007f]/.test(path)) return { error: `${shown}: a path of the repository has no backslash, colon, % or control character` };
  const segments = path.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    return { error: `${shown}: only a relative path with no empty, "." or ".." part` };
  }
  if (segments[0] !== EDITOR_ROOT || segments.length < 2) return { error: `${shown}: the editor reads and writes inside ${EDITOR_ROOT}/ only` };
  return { path: segments.slice(1).join('/') };
}

/**
 * The call as the proxy server, rooted at EDITOR_ROOT, takes it, with the paths it names (for the
 * check on disk); or the first path refused, named by where it sits in the call.
 */
export function toBackend(body: unknown): { body: Json; paths: string[] } | { error: string } {
  if (!isObject(body) || typeof body.action !== 'string') return { error: 'expected a JSON object with an "action"' };
  const call = Object.hasOwn(CALLS, body.action) ? CALLS[body.action] : undefined;
  if (!call) return { error: `"${body.action.slice(0, 100)}" is not a call of the local file-system backend` };
  const copy = structuredClone(body);
  const params = isObject(copy.params) ? copy.params : {};
  const paths: string[] = [];
  for (const { holder, key, name } of call(params)) {
    const inside = insideRoot(holder[key]);
    if ('error' in inside) return { error: `params.${name}: ${inside.error}` };
    holder[key] = inside.path;
    paths.push(inside.path);
  }
  return { body: copy, paths };
}

const fromRoot = (path: unknown): unknown => (typeof path === 'string' ? `${EDITOR_ROOT}/${path}` : path);

/** The proxy server's answer with its paths named as the repository does again. */
export function fromBackend(action: string, answer: unknown): unknown {
  const entry = (value: unknown) => (isObject(value) && isObject(value.file) ? { ...value, file: { ...value.file, path: fromRoot(value.file.path) } } : value);
  const media = (value: unknown) => (isObject(value) ? { ...value, path: fromRoot(value.path) } : value);
  switch (action) {
    case 'entriesByFolder':
    case 'entriesByFiles':
      return Array.isArray(answer) ? answer.map(entry) : answer;
    case 'getEntry':
      return entry(answer);
    case 'getMedia':
      return Array.isArray(answer) ? answer.map(media) : answer;
    case 'getMediaFile':
    case 'persistMedia':
      return media(answer);
    default:
      return answer;
  }
}
