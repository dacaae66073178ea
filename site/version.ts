/** `version.json`: the build version and base URL, the same values as the response headers. */
import type { Version } from '../core/types.ts';
import type { Emitter } from './types.ts';
import { jsonBytes } from '../core/json.ts';
import { VERSION_FILE } from '../core/published-files.ts';

export const emitVersion: Emitter<'stamp'> = ({ stamp }) => {
  const version: Version = { 'x-build-version': stamp.buildVersion, 'x-base-url': stamp.baseUrl };
  return [{ path: VERSION_FILE, bytes: jsonBytes(version) }];
};
