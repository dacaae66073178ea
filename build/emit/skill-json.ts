/** `skills/<slug>.json`: the JSON twin of each published skill. */
import type { Emitter } from './types.ts';
import { jsonBytes } from '../../core/json.ts';

export const emitSkillJson: Emitter = (model) =>
  model.skills.map(({ skill }) => ({ path: `skills/${skill.slug}.json`, bytes: jsonBytes(skill) }));
