/** Every layer prints the seed its properties run with, once, before its first file. */
import type { TestProject } from 'vitest/node';
import { seedLine } from '../helpers/property.ts';

export function setup(project: TestProject): void {
  console.log(seedLine(project.name));
}
